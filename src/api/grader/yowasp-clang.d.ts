// The package's bundle exports `runClang` (its README's API) though its type file omits it. With no arguments
// (null) it only loads Clang; with `synchronously` (once loaded) it returns the files rather than a promise.
// `prepareLLVM` is added at install by scripts/patch-clang-glue.mjs (absent when the glue is left as published).
import type { RunOptions, Tree } from '@yowasp/clang';

declare module '@yowasp/clang' {
  export function runClang(
    args: string[] | null,
    files?: Tree,
    options?: RunOptions,
  ): Promise<Tree | undefined> | Tree | undefined;
  /** Makes an instance of the toolchain ready for a synchronous run if fewer than `upTo` are: whether it made one. */
  export const prepareLLVM: ((upTo: number) => boolean) | undefined;
}
