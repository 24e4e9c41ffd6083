// A small key-value store with typed events, written for the structural
// differential tests (patterns × real-looking TypeScript).
import { EventEmitter } from "events";
import type { Readable } from "stream";

export interface Entry<T> {
  key: string;
  value: T;
  expires?: number;
}

export type Listener<T> = (entry: Entry<T>) => void;

enum Mode {
  Memory = "memory",
  Disk = "disk",
}

const DEFAULT_TTL = 60_000;

export class Store<T> extends EventEmitter {
  private readonly entries = new Map<string, Entry<T>>();
  #mode: Mode = Mode.Memory;

  constructor(private ttl: number = DEFAULT_TTL) {
    super();
  }

  get size(): number {
    return this.entries.size;
  }

  set(key: string, value: T, ttl?: number): this {
    if (key === "" || key === undefined) {
      throw new Error("empty key");
    }
    const expires = Date.now() + (ttl ?? this.ttl);
    this.entries.set(key, { key, value, expires });
    this.emit("set", { key, value, expires } as Entry<T>);
    console.log("set", key);
    return this;
  }

  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (e === undefined) {
      return undefined;
    }
    if (e.expires !== undefined && e.expires < Date.now()) {
      this.entries.delete(key);
      console.log("expired", key, e.expires);
      return undefined;
    }
    return e!.value;
  }

  async load(stream: Readable): Promise<number> {
    let n = 0;
    for await (const chunk of stream) {
      const line = String(chunk).trim();
      if (line === "") continue;
      const [key, raw] = line.split("=", 2);
      this.set(key, JSON.parse(raw) as T);
      n++;
    }
    console.log(
      "loaded",
      n,
      "entries"
    );
    return n;
  }

  keys(): string[] {
    return [...this.entries.keys()].filter((k) => k !== "" && k.length > 0);
  }
}

export function merge<T>(a: Store<T>, b: Store<T>): Store<T> {
  const out = new Store<T>();
  for (const k of a.keys()) {
    const v = a.get(k);
    if (v !== undefined) out.set(k, v);
  }
  for (const k of b.keys()) {
    const v = b.get(k);
    if (v !== undefined) {
      out.set(k, v);
    }
  }
  return out;
}

export default function open<T>(ttl?: number): Store<T> {
  return new Store<T>(ttl);
}
