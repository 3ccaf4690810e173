import { describe, expect, it } from 'vitest';
import { keepOverflowResults } from './overflow-results.js';

describe('the overflow checks’ results, followed by the definedness checks', () => {
  it('unmarks the intrinsic and its result, and nothing else', () => {
    const ir = [
      '  %89 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %58, i32 1), !dbg !26, !nosanitize !20',
      '  %90 = extractvalue { i32, i1 } %89, 0, !dbg !26, !nosanitize !20',
      '  %91 = extractvalue { i32, i1 } %89, 1, !dbg !26, !nosanitize !20',
      '  br i1 %91, label %cont, label %handler, !dbg !26, !nosanitize !20',
      '  %mul.r = call { i64, i1 } @llvm.smul.with.overflow.i64(i64 %a, i64 %b), !nosanitize !3',
      '  %mul.v = extractvalue { i64, i1 } %mul.r, 0, !nosanitize !3',
      '  %other = extractvalue { i32, i1 } %elsewhere, 0, !nosanitize !3',
      '  %x = load i32, ptr %p, align 4, !nosanitize !3',
    ].join('\n');
    expect(keepOverflowResults(ir).split('\n')).toEqual([
      '  %89 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %58, i32 1), !dbg !26',
      '  %90 = extractvalue { i32, i1 } %89, 0, !dbg !26',
      '  %91 = extractvalue { i32, i1 } %89, 1, !dbg !26, !nosanitize !20',
      '  br i1 %91, label %cont, label %handler, !dbg !26, !nosanitize !20',
      '  %mul.r = call { i64, i1 } @llvm.smul.with.overflow.i64(i64 %a, i64 %b)',
      '  %mul.v = extractvalue { i64, i1 } %mul.r, 0',
      '  %other = extractvalue { i32, i1 } %elsewhere, 0, !nosanitize !3',
      '  %x = load i32, ptr %p, align 4, !nosanitize !3',
    ]);
  });
});
