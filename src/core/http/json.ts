/**
 * What a value becomes after `JSON.stringify` and `JSON.parse`: the type the browser
 * receives for a server answer whose type is `T`. Dates become ISO strings; objects and
 * arrays are converted member by member (a key whose value is `undefined` is absent,
 * which reads as `undefined` again). The web declares no response shape of its own: it
 * takes the server's type through this (docs/decisions/136-one-typed-contract.md).
 * A value the server types as `unknown` (a JSON column) stays `unknown`, not `never`.
 */
export type Json<T> = unknown extends T
  ? T
  : T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? Json<Item>[]
      : T extends object
        ? { [Key in keyof T]: Json<T[Key]> }
        : never;
