/**
 * An Aho-Corasick automaton over UTF-16 code units: every occurrence of every keyword in one pass over a text,
 * whatever the number of keywords. Transitions live in one open-addressing hash table of typed arrays (node,
 * unit → child) and the root's in a dense table, so a step is one or two array reads, not a Map lookup.
 */
export class KeywordAutomaton {
  /** Keyword index ending at the node, or -1. */
  private readonly keywordAt: Int32Array;
  /** The nearest node on the failure chain that ends a keyword (0: none). */
  private readonly outputLink: Int32Array;
  private readonly fail: Int32Array;
  private readonly rootNext: Int32Array;
  private readonly edgeNode: Int32Array;
  private readonly edgeUnit: Uint16Array;
  private readonly edgeChild: Int32Array;
  private readonly mask: number;
  readonly keywordCount: number;

  /** `keywords` must be distinct and non-empty; a keyword's index is its position here. */
  constructor(keywords: readonly string[]) {
    this.keywordCount = keywords.length;
    let units = 0;
    for (const keyword of keywords) units += keyword.length;
    const maxNodes = units + 1;
    let tableSize = 16;
    while (tableSize < maxNodes * 2) tableSize *= 2;
    this.mask = tableSize - 1;
    this.edgeNode = new Int32Array(tableSize).fill(-1);
    this.edgeUnit = new Uint16Array(tableSize);
    this.edgeChild = new Int32Array(tableSize);
    this.rootNext = new Int32Array(0x10000);
    const keywordAt = new Int32Array(maxNodes).fill(-1);
    let nodes = 1;
    keywords.forEach((keyword, index) => {
      let node = 0;
      for (let at = 0; at < keyword.length; at += 1) {
        const unit = keyword.charCodeAt(at);
        let child = node === 0 ? this.rootNext[unit] || -1 : this.child(node, unit);
        if (child < 0) {
          child = nodes;
          nodes += 1;
          if (node === 0) this.rootNext[unit] = child;
          else this.addEdge(node, unit, child);
        }
        node = child;
      }
      keywordAt[node] = index;
    });
    this.keywordAt = keywordAt.subarray(0, nodes);
    this.fail = new Int32Array(nodes);
    this.outputLink = new Int32Array(nodes);
    this.linkFailures(nodes);
  }

  private slot(node: number, unit: number): number {
    return (Math.imul(node, 0x9e3779b1) ^ Math.imul(unit, 0x85ebca6b)) & this.mask;
  }

  private child(node: number, unit: number): number {
    let slot = this.slot(node, unit);
    for (;;) {
      const owner = this.edgeNode[slot] as number;
      if (owner < 0) return -1;
      if (owner === node && this.edgeUnit[slot] === unit) return this.edgeChild[slot] as number;
      slot = (slot + 1) & this.mask;
    }
  }

  private addEdge(node: number, unit: number, child: number): void {
    let slot = this.slot(node, unit);
    while ((this.edgeNode[slot] as number) >= 0) slot = (slot + 1) & this.mask;
    this.edgeNode[slot] = node;
    this.edgeUnit[slot] = unit;
    this.edgeChild[slot] = child;
  }

  /** Breadth first: a node's failure is the longest proper suffix of its path that is also a path. */
  private linkFailures(nodes: number): void {
    const childrenOf: number[][] = Array.from({ length: nodes }, () => []);
    const unitsOf: number[][] = Array.from({ length: nodes }, () => []);
    for (let unit = 0; unit < 0x10000; unit += 1) {
      const child = this.rootNext[unit] as number;
      if (child) {
        childrenOf[0]?.push(child);
        unitsOf[0]?.push(unit);
      }
    }
    for (let slot = 0; slot <= this.mask; slot += 1) {
      const owner = this.edgeNode[slot] as number;
      if (owner >= 0) {
        childrenOf[owner]?.push(this.edgeChild[slot] as number);
        unitsOf[owner]?.push(this.edgeUnit[slot] as number);
      }
    }
    const queue = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (const child of childrenOf[0] ?? []) queue[tail++] = child;
    while (head < tail) {
      const node = queue[head++] as number;
      const children = childrenOf[node] ?? [];
      const units = unitsOf[node] ?? [];
      for (let i = 0; i < children.length; i += 1) {
        const child = children[i] as number;
        const unit = units[i] as number;
        let fallback = this.fail[node] as number;
        let target = -1;
        for (;;) {
          target = fallback === 0 ? this.rootNext[unit] || -1 : this.child(fallback, unit);
          if (target >= 0 || fallback === 0) break;
          fallback = this.fail[fallback] as number;
        }
        const failure = target >= 0 && target !== child ? target : 0;
        this.fail[child] = failure;
        this.outputLink[child] =
          (this.keywordAt[failure] as number) >= 0 ? failure : (this.outputLink[failure] as number);
        queue[tail++] = child;
      }
    }
  }

  /** Calls `found(keywordIndex)` for every occurrence of every keyword in `text` (repeats included). */
  scan(text: string, found: (keyword: number) => void): void {
    const { rootNext, fail, keywordAt, outputLink } = this;
    let node = 0;
    for (let at = 0; at < text.length; at += 1) {
      const unit = text.charCodeAt(at);
      for (;;) {
        if (node === 0) {
          node = rootNext[unit] as number;
          break;
        }
        const next = this.child(node, unit);
        if (next >= 0) {
          node = next;
          break;
        }
        node = fail[node] as number;
      }
      if (node === 0) continue;
      let out = (keywordAt[node] as number) >= 0 ? node : (outputLink[node] as number);
      while (out !== 0) {
        found(keywordAt[out] as number);
        out = outputLink[out] as number;
      }
    }
  }
}
