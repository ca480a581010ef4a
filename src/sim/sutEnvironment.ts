/**
 * What a SUT may see of the harness's environment. The protocol keeps every model call in the
 * harness, so a SUT needs no key: it gets what a program needs to start (where programs are, the
 * user, the locale, a temp dir) and the variables named with `--sut-env`, nothing else. No
 * OPENAI_API_KEY (or the variable --api-key-env names) reaches it unless named on purpose.
 */
const ALWAYS = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TMP', 'TEMP', 'TERM', 'SYSTEMROOT', 'COMSPEC'];

export function sutEnvironment(from: NodeJS.ProcessEnv, named: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (value !== undefined && (ALWAYS.includes(name) || name.startsWith('LC_') || named.includes(name))) env[name] = value;
  }
  return env;
}
