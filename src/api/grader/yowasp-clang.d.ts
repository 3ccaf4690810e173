// The package's bundle exports `runClang` (its README's API) though its type file omits it.
import type { RunOptions, Tree } from '@yowasp/clang';

declare module '@yowasp/clang' {
  export function runClang(args: string[], files?: Tree, options?: RunOptions): Promise<Tree | undefined>;
}
