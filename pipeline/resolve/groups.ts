/**
 * Union-find over items numbered by their place in the list: the groups resolution builds. Each root keeps the
 * list of its members, so a group's rows are at hand without a walk over all items.
 */
export class Groups<T> {
  private readonly parent: number[];
  /** Members of each group, by root. */
  readonly members: Map<number, T[]>;

  constructor(items: readonly T[]) {
    this.parent = items.map((_, i) => i);
    this.members = new Map(items.map((item, i) => [i, [item]]));
  }

  /** The root of item `x`'s group (paths are compressed on the way). */
  find(x: number): number {
    let r = x;
    while (this.parent[r] !== r) r = this.parent[r] as number;
    while (this.parent[x] !== r) {
      const next = this.parent[x] as number;
      this.parent[x] = r;
      x = next;
    }
    return r;
  }

  /** The members of the group whose root is `root`. */
  of(root: number): T[] {
    return this.members.get(root) as T[];
  }

  /** Joins the groups of two roots; the larger keeps its root (`ra` on a tie). Returns [kept, dropped] roots. */
  join(ra: number, rb: number): [keep: number, drop: number] {
    const [keep, drop] = this.of(ra).length >= this.of(rb).length ? [ra, rb] : [rb, ra];
    this.parent[drop] = keep;
    this.of(keep).push(...this.of(drop));
    this.members.delete(drop);
    return [keep, drop];
  }
}
