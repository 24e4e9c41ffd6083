// Web-standard globals (no I/O), as on the web; path is Node's path.posix.
type BufferSource = ArrayBufferView | ArrayBuffer;
/** A WHATWG URL. A relative input needs a base: new URL("a/b", "https://example.com/"). Throws TypeError when invalid. */
declare class URL {
  constructor(url: string | URL, base?: string | URL);
  static canParse(url: string | URL, base?: string | URL): boolean;
  /** The URL, or null where new URL would throw. */
  static parse(url: string | URL, base?: string | URL): URL | null;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  toString(): string;
  toJSON(): string;
}
declare class URLSearchParams {
  constructor(init?: string | string[][] | Record<string, string> | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  forEach(callback: (value: string, name: string, parent: URLSearchParams) => void, thisArg?: unknown): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  toString(): string;
}
/** UTF-8 only. */
declare class TextEncoder {
  readonly encoding: "utf-8";
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
/** utf-8 (default), utf-16le, utf-16be; other labels throw RangeError (convert with bash iconv). fatal: throw TypeError on invalid bytes instead of U+FFFD. */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: BufferSource, options?: { stream?: boolean }): string;
}
/** Decodes base64 to a "binary string" (one char per byte); DOMException InvalidCharacterError on bad input. */
declare function atob(data: string): string;
/** Encodes a string of chars <= U+00FF as base64; for text, encode it first (TextEncoder). */
declare function btoa(data: string): string;
/** Deep copy (Map, Set, Date, RegExp, typed arrays, Error, cycles); functions and symbols throw DataCloneError. */
declare function structuredClone<T>(value: T, options?: { transfer?: ArrayBuffer[] }): T;
declare function queueMicrotask(callback: () => void): void;
declare const crypto: {
  /** Fills an integer typed array (at most 65,536 bytes) with secure random values and returns it. */
  getRandomValues<T extends Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | BigInt64Array | BigUint64Array>(array: T): T;
  randomUUID(): string;
  readonly subtle: {
    /** SHA-1, SHA-256, SHA-384 or SHA-512; the only SubtleCrypto method here. */
    digest(algorithm: string | { name: string }, data: BufferSource): Promise<ArrayBuffer>;
  };
};
declare const performance: {
  /** Milliseconds since the run started (fractional). */
  now(): number;
  readonly timeOrigin: number;
  toJSON(): { timeOrigin: number };
};
declare class DOMException extends Error {
  constructor(message?: string, name?: string);
  readonly code: number;
}
interface ParsedPath { root: string; dir: string; base: string; ext: string; name: string }
/** Node's path.posix, frozen; resolve() and relative() start from the workspace root. */
declare const path: {
  readonly sep: "/";
  readonly delimiter: ":";
  normalize(path: string): string;
  join(...paths: string[]): string;
  resolve(...paths: string[]): string;
  relative(from: string, to: string): string;
  dirname(path: string): string;
  basename(path: string, suffix?: string): string;
  extname(path: string): string;
  isAbsolute(path: string): boolean;
  parse(path: string): ParsedPath;
  format(pathObject: Partial<ParsedPath>): string;
  toNamespacedPath(path: string): string;
  readonly posix: typeof path;
};
