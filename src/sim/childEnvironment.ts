/**
 * What a child process the harness starts (a SUT, git) may see of its environment: what a program
 * needs to start (where programs are, the user, the locale, a temp dir) and the variables `keep`
 * names, nothing else. The protocol keeps every model call in the harness, so no child needs a
 * key: OPENAI_API_KEY (or the variable --api-key-env names) reaches none unless named on purpose.
 */
const ALWAYS = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TMP', 'TEMP', 'TERM', 'SYSTEMROOT', 'COMSPEC'];

export function childEnvironment(from: NodeJS.ProcessEnv, keep: (name: string) => boolean = () => false): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (value !== undefined && (ALWAYS.includes(name) || name.startsWith('LC_') || keep(name))) env[name] = value;
  }
  return env;
}
