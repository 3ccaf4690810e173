import { describe, expect, it } from 'vitest';
import { callLinesAsStarted } from './call-lines.js';

describe('call lines', () => {
  it('passes each runtime call the line its debug location starts on, and leaves other calls alone', () => {
    const ir = [
      '  %call = call noundef ptr @__checks_malloc(i32 noundef 5, i64 noundef 4), !dbg !51',
      '  %call2 = call noundef i32 (i32, ptr, ptr, ...) @__checks_fprintf(i32 noundef 12, ptr noundef %1, ptr noundef @.str), !dbg !52',
      '  %call3 = call i32 @helper(i32 noundef 9), !dbg !52',
      '  call void @__checks_free(i32 noundef 7, ptr noundef %2)',
      '!51 = !DILocation(line: 4, column: 13, scope: !29)',
      '!52 = !DILocation(line: 10, column: 3, scope: !29)',
    ].join('\n');
    expect(callLinesAsStarted(ir).split('\n').slice(0, 4)).toEqual([
      '  %call = call noundef ptr @__checks_malloc(i32 noundef 4, i64 noundef 4), !dbg !51',
      '  %call2 = call noundef i32 (i32, ptr, ptr, ...) @__checks_fprintf(i32 noundef 10, ptr noundef %1, ptr noundef @.str), !dbg !52',
      '  %call3 = call i32 @helper(i32 noundef 9), !dbg !52',
      '  call void @__checks_free(i32 noundef 7, ptr noundef %2)',
    ]);
  });
});
