/**
 * A character trie over a fixed keyword table: finds the longest keyword starting
 * at a position without allocating, so the Layer-1 classifier stays in microseconds.
 */
interface TrieNode<V> {
  readonly next: Map<number, TrieNode<V>>;
  value: V | undefined;
  word: string | undefined;
}

export interface KeywordHit<V> {
  readonly word: string;
  readonly value: V;
  readonly start: number;
  readonly end: number;
}

export class KeywordTrie<V> {
  private readonly root: TrieNode<V> = { next: new Map(), value: undefined, word: undefined };

  /** Later entries for the same word do not override earlier ones: table order is precedence. */
  constructor(entries: Iterable<readonly [string, V]>) {
    for (const [word, value] of entries) this.add(word, value);
  }

  private add(word: string, value: V): void {
    if (word.length === 0) return;
    let node = this.root;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      let child = node.next.get(code);
      if (!child) {
        child = { next: new Map(), value: undefined, word: undefined };
        node.next.set(code, child);
      }
      node = child;
    }
    if (node.word === undefined) {
      node.value = value;
      node.word = word;
    }
  }

  /** Length of the longest keyword starting at `start` (0 when none). */
  longestLengthAt(text: string, start: number): number {
    let node: TrieNode<V> | undefined = this.root;
    let best = 0;
    for (let i = start; i < text.length; i++) {
      node = node.next.get(text.charCodeAt(i));
      if (!node) break;
      if (node.word !== undefined) best = i - start + 1;
    }
    return best;
  }

  /** The value of the longest keyword starting at `start`, or undefined. */
  valueAt(text: string, start: number, length: number): V | undefined {
    let node: TrieNode<V> | undefined = this.root;
    for (let i = start; i < start + length; i++) {
      node = node?.next.get(text.charCodeAt(i));
    }
    return node?.value;
  }

  longestAt(text: string, start: number): KeywordHit<V> | null {
    const length = this.longestLengthAt(text, start);
    if (length === 0) return null;
    let node: TrieNode<V> | undefined = this.root;
    for (let i = start; i < start + length; i++) node = node?.next.get(text.charCodeAt(i));
    if (!node || node.word === undefined || node.value === undefined) return null;
    return { word: node.word, value: node.value, start, end: start + length };
  }

  /** Non-overlapping hits scanning left to right, longest keyword first at each position. */
  findAll(text: string): KeywordHit<V>[] {
    const hits: KeywordHit<V>[] = [];
    let i = 0;
    while (i < text.length) {
      const hit = this.longestAt(text, i);
      if (hit) {
        hits.push(hit);
        i = hit.end;
      } else {
        i++;
      }
    }
    return hits;
  }

  /** The longest keyword anywhere in the text; the leftmost among equals. */
  findLongest(text: string): KeywordHit<V> | null {
    let best: KeywordHit<V> | null = null;
    for (let i = 0; i < text.length; i++) {
      const length = this.longestLengthAt(text, i);
      if (length > (best ? best.word.length : 0)) best = this.longestAt(text, i);
    }
    return best;
  }

  /** True when any keyword occurs in the text. */
  containsAny(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      if (this.longestLengthAt(text, i) > 0) return true;
    }
    return false;
  }
}

/**
 * One trie over several keyword tables at once, each table a bit of a class mask: a
 * single walk from a position tells which tables have a keyword starting there, so one
 * pass over a text answers every table, and longest-match queries allocate nothing.
 * The trie is compiled into typed arrays: the first character indexes a direct table,
 * deeper edges sit in an open-addressing hash keyed by (node, character).
 */
export class KeywordClassTrie {
  /** Char code → depth-1 node (0 = none). Node 0 is the root. */
  private readonly first: Uint16Array;
  private readonly edgeKeys: Int32Array;
  private readonly edgeNodes: Int32Array;
  private readonly edgeMask: number;
  private readonly edgeShift: number;
  /** Per node: the class bits of the keywords ending there. */
  private readonly classes: Uint32Array;
  /** Per node: the class bits of the keywords ending deeper, so a walk stops when none is wanted. */
  private readonly below: Uint32Array;
  /** Per node: the OR of the values given to the keywords ending there. */
  private readonly values: Int32Array;
  /** The node where the last longestAt() match ended: read its value with matchValue(). */
  private matchNode = 0;

  /**
   * Each entry is a keyword, the class bits it belongs to and a value ORed into its node
   * (a word listed in several tables gets all their bits and values). Empty words are ignored.
   */
  constructor(entries: Iterable<readonly [word: string, classes: number, value: number]>) {
    const children: Map<number, number>[] = [new Map<number, number>()];
    const classes: number[] = [0];
    const values: number[] = [0];
    for (const [word, bits, value] of entries) {
      if (word.length === 0) continue;
      let node = 0;
      for (let i = 0; i < word.length; i++) {
        const code = word.charCodeAt(i);
        let child = children[node]!.get(code);
        if (child === undefined) {
          child = children.length;
          children.push(new Map());
          classes.push(0);
          values.push(0);
          children[node]!.set(code, child);
        }
        node = child;
      }
      classes[node]! |= bits;
      values[node]! |= value;
    }
    if (children.length >= 0x8000) throw new Error('KeywordClassTrie: too many nodes');

    this.first = new Uint16Array(0x10000);
    for (const [code, child] of children[0]!) this.first[code] = child;
    let edges = 0;
    for (let node = 1; node < children.length; node++) edges += children[node]!.size;
    let bits = 4;
    while (1 << bits < edges * 3) bits++;
    const size = 1 << bits;
    this.edgeKeys = new Int32Array(size).fill(-1);
    this.edgeNodes = new Int32Array(size);
    this.edgeMask = size - 1;
    this.edgeShift = 32 - bits;
    for (let node = 1; node < children.length; node++) {
      for (const [code, child] of children[node]!) {
        const key = (node << 16) | code;
        let slot = Math.imul(key, 0x9e3779b1) >>> this.edgeShift;
        while (this.edgeKeys[slot] !== -1) slot = (slot + 1) & this.edgeMask;
        this.edgeKeys[slot] = key;
        this.edgeNodes[slot] = child;
      }
    }
    this.classes = Uint32Array.from(classes);
    this.values = Int32Array.from(values);
    this.below = new Uint32Array(children.length);
    // Children are numbered after their parents, so a reverse sweep sees every subtree first.
    for (let node = children.length - 1; node > 0; node--) {
      for (const child of children[node]!.values()) this.below[node]! |= this.below[child]! | this.classes[child]!;
    }
  }

  /** The child of a non-root node along `code`, 0 when none. */
  private child(node: number, code: number): number {
    const key = (node << 16) | code;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.edgeShift;
    for (;;) {
      const found = this.edgeKeys[slot]!;
      if (found === key) return this.edgeNodes[slot]!;
      if (found === -1) return 0;
      slot = (slot + 1) & this.edgeMask;
    }
  }

  /**
   * The class bits, among `mask`, of every keyword anywhere in the text: one pass, each
   * position walked only while a wanted class lies below. Stops as soon as a class in
   * `stop` is found (the bits found so far are returned).
   */
  classesIn(text: string, mask: number, stop: number): number {
    const { first, below, classes } = this;
    const n = text.length;
    let found = 0;
    for (let start = 0; start < n; start++) {
      let node = first[text.charCodeAt(start)]!;
      for (let i = start + 1; node !== 0; i++) {
        found |= classes[node]!;
        if ((below[node]! & mask) === 0 || i >= n) break;
        node = this.child(node, text.charCodeAt(i));
      }
      if ((found & stop) !== 0) break;
    }
    return found & mask;
  }

  /**
   * Length of the longest keyword of a class in `mask` starting at `start` (0 when none);
   * matchValue() then gives that keyword's value.
   */
  longestAt(text: string, start: number, mask: number): number {
    let node = this.first[text.charCodeAt(start)]!;
    let best = 0;
    for (let i = start + 1; node !== 0; i++) {
      if ((this.classes[node]! & mask) !== 0) {
        best = i - start;
        this.matchNode = node;
      }
      if ((this.below[node]! & mask) === 0 || i >= text.length) break;
      node = this.child(node, text.charCodeAt(i));
    }
    return best;
  }

  /** The value of the keyword the last successful longestAt() matched. */
  matchValue(): number {
    return this.values[this.matchNode]!;
  }
}
