/**
 * Step through: a student's program is rewritten, from Clang's syntax tree (`-ast-dump=json`), to tell the runner
 * what it does. Before each statement it calls `__trace_step(line)`; each function starts a frame that a cleanup
 * variable ends however it returns; each block with declarations starts a scope the same way; each variable is
 * registered (address, size, name and type) once declared; globals and the layout of the program's structs are
 * registered before main. Nothing is inserted across a line break, so the compiler's lines are the student's.
 * Statements written through a macro get a step but are not wrapped.
 */
import type { TraceRecord, TraceType } from '../../../contracts/trace.js';
import { typeTable } from './types.js';

export interface TraceVar {
  name: string;
  type: number;
  kind: 'global' | 'local' | 'param';
}

export interface TraceMeta {
  functions: string[];
  vars: TraceVar[];
  types: TraceType[];
  records: TraceRecord[];
}

interface Loc {
  offset?: number;
  file?: string;
  tokLen?: number;
  spellingLoc?: Loc;
  expansionLoc?: Loc;
}
export interface AstNode {
  id?: string;
  kind?: string;
  name?: string;
  loc?: Loc;
  range?: { begin: Loc; end: Loc };
  type?: { qualType: string; desugaredQualType?: string };
  init?: string;
  storageClass?: string;
  tagUsed?: string;
  completeDefinition?: boolean;
  isImplicit?: boolean;
  inner?: AstNode[];
  ownedTagDecl?: { id: string; name: string };
  /** A top-level declaration read by syntax-tree.ts: whether it is in the main file. */
  inMain?: boolean;
}

export const MAIN_FILE = 'main.c';

/** Where a location is in the main file: the macro's use for text from a macro. */
const offsetOf = (loc: Loc | undefined) => loc?.expansionLoc?.offset ?? loc?.offset;
const inMacro = (node: AstNode) => !!(node.range?.begin.spellingLoc || node.range?.end.spellingLoc);
const isEmpty = (node: AstNode | undefined) => !node || node.kind === undefined;

/**
 * Marks each top-level declaration with the file it is in. Clang names a location's file only when it differs from
 * the last one it printed, in the order it prints them: the same order is followed here.
 */
function topLevelInMain(root: AstNode): AstNode[] {
  if (root.inner?.some((node) => node.inMain !== undefined)) return root.inner.filter((node) => node.inMain);
  let file = '';
  const see = (loc: Loc | undefined) => {
    if (!loc) return;
    see(loc.spellingLoc);
    see(loc.expansionLoc);
    if (loc.file) file = loc.file;
  };
  const walk = (node: AstNode) => {
    see(node.loc);
    see(node.range?.begin);
    see(node.range?.end);
    for (const child of node.inner ?? []) if (child) walk(child);
  };
  const main: AstNode[] = [];
  for (const node of root.inner ?? []) {
    see(node.loc);
    const here = file;
    see(node.range?.begin);
    see(node.range?.end);
    for (const child of node.inner ?? []) if (child) walk(child);
    if (here === MAIN_FILE && !node.isImplicit) main.push(node);
  }
  return main;
}

interface Insert {
  at: number;
  /** 0: closes what came before (a wrapped body, a variable's registration); 1: opens what comes next. */
  rank: 0 | 1;
  text: string;
}

/** The rewritten program, or why it can't be stepped through. */
export function instrument(source: string, root: AstNode): { code: string; meta: TraceMeta } {
  const bytes = Buffer.from(source, 'utf8');
  const newlines: number[] = [];
  bytes.forEach((b, i) => {
    if (b === 10) newlines.push(i);
  });
  const lineAt = (offset: number) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (newlines[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
  const inserts: Insert[] = [];
  const put = (at: number, text: string, rank: 0 | 1 = 1) => inserts.push({ at, rank, text });
  const decls = topLevelInMain(root);
  const types = typeTable(root, new Set(decls.filter((d) => d.kind === 'RecordDecl' && d.id).map((d) => d.id!)));
  const meta: TraceMeta = { functions: [], vars: [], types: types.table, records: types.records };
  const addVar = (node: AstNode, kind: TraceVar['kind']) => {
    meta.vars.push({ name: node.name!, type: types.of(node.type!), kind });
    return meta.vars.length - 1;
  };
  const register = (node: AstNode, kind: TraceVar['kind']) =>
    `__trace_var(&${node.name}, sizeof(${node.name}), ${addVar(node, kind)}, ${node.init || kind !== 'local' || node.storageClass === 'static' ? 0 : 1});`;

  /** The offset just past a statement: its `;` or its closing brace. */
  const end = (node: AstNode): number | null => {
    const inner = node.inner ?? [];
    switch (node.kind) {
      case 'CompoundStmt':
        return offsetOf(node.range?.end)! + 1;
      // A statement that ends with another ends where that one does (an if with its else, a loop with its body).
      case 'IfStmt':
      case 'ForStmt':
      case 'WhileStmt':
      case 'SwitchStmt':
      case 'CaseStmt':
      case 'DefaultStmt':
      case 'LabelStmt':
        return end(inner[inner.length - 1]!);
      default:
        return semicolonAfter(offsetOf(node.range?.end));
    }
  };
  /** The first `;` outside brackets, strings and comments, from an offset. */
  const semicolonAfter = (from: number | undefined): number | null => {
    if (from === undefined) return null;
    let depth = 0;
    for (let i = from; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c === 0x22 || c === 0x27) {
        for (i++; i < bytes.length && bytes[i] !== c; i++) if (bytes[i] === 0x5c) i++;
      } else if (c === 0x2f && bytes[i + 1] === 0x2f) {
        while (i < bytes.length && bytes[i] !== 10) i++;
      } else if (c === 0x2f && bytes[i + 1] === 0x2a) {
        i += 2;
        while (i < bytes.length && !(bytes[i] === 0x2a && bytes[i + 1] === 0x2f)) i++;
        i++;
      } else if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
      else if (c === 0x29 || c === 0x5d || c === 0x7d) depth--;
      else if (c === 0x3b && depth <= 0) return i + 1;
    }
    return null;
  };
  const step = (node: AstNode) => `__trace_step(${lineAt(offsetOf(node.range?.begin)!)});`;

  /** A loop's condition calls the step hook each time it is tested (not through a macro). */
  const wrapCondition = (loop: AstNode, cond: AstNode | undefined, register = ''): boolean => {
    if (isEmpty(cond) || inMacro(cond!)) return false;
    const from = offsetOf(cond!.range?.begin)!;
    const to = cond!.range!.end.offset! + (cond!.range!.end.tokLen ?? 0);
    put(from, `(${step(loop)} ${register}`.replace(/;/g, ','));
    put(to, ')', 0);
    return true;
  };

  /** A body that is not a block becomes one, with its step; a block is walked. */
  const body = (node: AstNode | undefined, kind: 'plain' | 'switch' = 'plain'): void => {
    if (isEmpty(node)) return;
    if (node!.kind === 'CompoundStmt') return block(node!, kind);
    if (node!.kind === 'NullStmt') return;
    const close = inMacro(node!) ? null : end(node!);
    if (close === null) return statement(node!, true);
    put(offsetOf(node!.range?.begin)!, `{${step(node!)} `);
    put(close, '}', 0);
    statement(node!, false);
  };

  function statement(node: AstNode, withStep: boolean): void {
    const inner = node.inner ?? [];
    switch (node.kind) {
      case 'NullStmt':
        return;
      case 'CaseStmt':
      case 'DefaultStmt':
      case 'LabelStmt':
        return statement(inner[inner.length - 1]!, true);
      case 'DeclStmt': {
        if (withStep) put(offsetOf(node.range?.begin)!, step(node));
        const vars = inner.filter((d) => d.kind === 'VarDecl' && d.name && d.storageClass !== 'extern');
        const after = offsetOf(node.range?.end)! + 1;
        if (vars.length > 0 && !inMacro(node)) put(after, vars.map((v) => register(v, 'local')).join(' '), 0);
        return;
      }
      case 'ForStmt': {
        const [init, , cond, , loopBody] = inner;
        const vars = (!isEmpty(init) && init!.kind === 'DeclStmt' ? init!.inner! : []).filter(
          (d) => d.kind === 'VarDecl' && d.name,
        );
        const registered = vars.map((v) => register(v, 'local')).join(' ');
        if (!wrapCondition(node, cond, registered) && withStep) put(offsetOf(node.range?.begin)!, step(node));
        return body(loopBody);
      }
      case 'WhileStmt':
        if (!wrapCondition(node, inner[0]) && withStep) put(offsetOf(node.range?.begin)!, step(node));
        return body(inner[1]);
      case 'DoStmt':
        if (withStep) put(offsetOf(node.range?.begin)!, step(node));
        wrapCondition(node, inner[1]);
        return body(inner[0]);
      case 'IfStmt':
        if (withStep) put(offsetOf(node.range?.begin)!, step(node));
        body(inner[1]);
        return body(inner[2]);
      case 'SwitchStmt':
        if (withStep) put(offsetOf(node.range?.begin)!, step(node));
        return body(inner[1], 'switch');
      case 'CompoundStmt':
        return block(node, 'plain');
      default:
        if (withStep) put(offsetOf(node.range?.begin)!, step(node));
    }
  }

  /** A block's statements; a block that declares variables (not a switch's) is a scope the runner follows. */
  function block(node: AstNode, kind: 'plain' | 'switch' | 'function'): void {
    const children = (node.inner ?? []).filter((c) => !isEmpty(c));
    if (kind === 'plain' && children.some((c) => c.kind === 'DeclStmt'))
      put(
        offsetOf(node.range?.begin)! + 1,
        '__attribute__((cleanup(__trace_scope_leave))) char __trace_scope = __trace_scope_enter();',
      );
    for (const child of children) statement(child, true);
  }

  const records: string[] = [];
  const globals: string[] = [];
  for (const decl of decls) {
    if (decl.kind === 'FunctionDecl') {
      const fnBody = decl.inner?.find((c) => c.kind === 'CompoundStmt');
      if (!fnBody || !decl.name) continue;
      meta.functions.push(decl.name === '__student_main' ? 'main' : decl.name);
      const params = (decl.inner ?? []).filter((c) => c.kind === 'ParmVarDecl' && c.name);
      put(
        offsetOf(fnBody.range?.begin)! + 1,
        `__attribute__((cleanup(__trace_leave))) char __trace_frame = __trace_enter(${meta.functions.length - 1}); ` +
          params.map((p) => register(p, 'param')).join(' '),
      );
      block(fnBody, 'function');
    } else if (decl.kind === 'VarDecl' && decl.name && decl.storageClass !== 'extern') {
      globals.push(register(decl, 'global'));
    }
  }
  for (const [index, record] of types.records.entries()) {
    if (!record.spelling) continue;
    records.push(`__trace_size(${index}, sizeof(${record.spelling}));`);
    for (const [field, { name }] of record.fields.entries())
      records.push(`__trace_layout(${index}, ${field}, __builtin_offsetof(${record.spelling}, ${name}));`);
  }
  put(
    bytes.length,
    `\n__attribute__((constructor)) static void __trace_start(void) { ${[...records, ...globals].join(' ')} }\n`,
    0,
  );

  const ordered = inserts
    .map((insert, order) => ({ ...insert, order }))
    .sort((a, b) => a.at - b.at || a.rank - b.rank || a.order - b.order);
  const parts: Buffer[] = [];
  let from = 0;
  for (const insert of ordered) {
    parts.push(bytes.subarray(from, insert.at), Buffer.from(insert.text, 'utf8'));
    from = insert.at;
  }
  parts.push(bytes.subarray(from));
  return { code: Buffer.concat(parts).toString('utf8'), meta };
}
