// The package's bundle exports `runClang` (its README's API) though its type file omits it. With no arguments
// (null) it only loads Clang; with `synchronously` (once loaded) it returns the files rather than a promise.
import type { RunOptions, Tree } from '@yowasp/clang';

declare module '@yowasp/clang' {
  export function runClang(
    args: string[] | null,
    files?: Tree,
    options?: RunOptions,
  ): Promise<Tree | undefined> | Tree | undefined;
}
