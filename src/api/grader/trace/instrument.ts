/**
 * Step through: a student's program is rewritten, from Clang's syntax tree (`-ast-dump=json`), to tell the runner
 * what it does. Before each statement it calls `__trace_step(line)`; each function starts a frame that a cleanup
 * variable ends however it returns; each block with declarations starts a scope the same way; each variable is
 * registered (address, size, name and type) once declared; globals and the layout of the program's structs are
 * registered before main. Nothing is inserted across a line break, so the compiler's lines are the student's.
 *
 * The rewrite must never change what the program does (issue 44; decision 030). Every place is taken from Clang's
 * tree at the macro's use (its expansion location): a statement that starts or ends inside a macro (`return NULL;`,
 * `total += N;`, `SWAP(a, b);`) starts at the macro's name and ends past its arguments and the `;`. A body without
 * braces is braced with its step only when its extent is certain (what precedes and follows it is what C says);
 * otherwise it gets no step at all. A loop or branch whose keyword comes from a macro is not rewritten inside, but
 * the blocks written in the file that it holds are. A for loop that declares variables is a scope of its own.
 */
import type { TraceRecord, TraceType } from '../../../contracts/trace.js';
import { SourceText } from './source-text.js';
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
  isBitfield?: boolean;
  inner?: AstNode[];
  ownedTagDecl?: { id: string; name: string };
  /** A top-level declaration read by syntax-tree.ts: whether it is in the main file. */
  inMain?: boolean;
  /** A unary operator's: `&`, `*`, `-`, … */
  opcode?: string;
  /** An implicit cast's kind (ArrayToPointerDecay, LValueToRValue, …). */
  castKind?: string;
  /** What a name in an expression (DeclRefExpr) refers to. */
  referencedDecl?: { id?: string };
}

export const MAIN_FILE = 'main.c';

/** Where a location is in the main file: the macro's use for text from a macro. */
const offsetOf = (loc: Loc | undefined) => loc?.expansionLoc?.offset ?? loc?.offset;
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

/** A location written in the file itself, not produced by a macro. */
const isPlain = (loc: Loc | undefined): loc is Loc & { offset: number } =>
  loc?.offset !== undefined && !loc.spellingLoc && !loc.expansionLoc;
const LOOPS_AND_BRANCHES = new Set(['IfStmt', 'ForStmt', 'WhileStmt', 'DoStmt', 'SwitchStmt']);
const SCOPE = '__attribute__((cleanup(__trace_scope_leave))) char __trace_scope = __trace_scope_enter();';

/** The rewritten program, or why it can't be stepped through. */
export function instrument(source: string, root: AstNode): { code: string; meta: TraceMeta } {
  const text = new SourceText(source);
  const inserts: Insert[] = [];
  const put = (at: number, insert: string, rank: 0 | 1 = 1) => inserts.push({ at, rank, text: insert });
  const decls = topLevelInMain(root);
  const types = typeTable(root, new Set(decls.filter((d) => d.kind === 'RecordDecl' && d.id).map((d) => d.id!)));
  const meta: TraceMeta = { functions: [], vars: [], types: types.table, records: types.records };
  const addVar = (node: AstNode, kind: TraceVar['kind']) => {
    meta.vars.push({ name: node.name!, type: types.of(node.type!), kind });
    return meta.vars.length - 1;
  };
  const escaped = addressesTaken(root);
  /**
   * The hook's flags: 1, not set yet (a local without an initialiser); 2, only its own function's code can change
   * it (a local or parameter, not static, whose address is never taken: addressesTaken), so the recorder need not
   * look at it while another function runs: a recursion 10,000 calls deep no longer compares 10,000 variables a step.
   */
  const register = (node: AstNode, kind: TraceVar['kind']) => {
    const type = types.table[types.of(node.type!)];
    const own =
      kind !== 'global' &&
      node.storageClass !== 'static' &&
      !escaped.has(node.id ?? '') &&
      type !== undefined &&
      type.kind !== 'opaque';
    const unset = !node.init && kind === 'local' && node.storageClass !== 'static';
    return `__trace_var(&${node.name}, sizeof(${node.name}), ${addVar(node, kind)}, ${(unset ? 1 : 0) | (own ? 2 : 0)});`;
  };

  /** Where a node starts in the file: for text from a macro, where the macro is used. */
  const begin = (node: AstNode) => offsetOf(node.range?.begin)!;
  /** Just past a node's last token: past the whole use of the macro it ends in, arguments and all. */
  const pastLast = (node: AstNode): number | null => {
    const loc = node.range?.end;
    if (isPlain(loc)) return loc.offset + (loc.tokLen ?? 0);
    const use = loc?.expansionLoc;
    return use?.offset === undefined ? null : text.pastMacroUse(use.offset, use.tokLen ?? 0);
  };

  /**
   * Just past a statement: its `;` or its closing brace (through the macro use it ends in; a macro that holds the
   * `;` itself ends where its use does). Null when it can't be told.
   */
  const end = (node: AstNode): number | null => {
    const inner = node.inner ?? [];
    switch (node.kind) {
      case 'CompoundStmt':
        return isPlain(node.range?.end) ? node.range.end.offset + 1 : pastLast(node);
      // A statement that ends with another ends where that one does (an if with its else, a loop with its body).
      case 'IfStmt':
      case 'ForStmt':
      case 'WhileStmt':
      case 'SwitchStmt':
      case 'CaseStmt':
      case 'DefaultStmt':
      case 'LabelStmt':
        return isEmpty(inner[inner.length - 1]) ? null : end(inner[inner.length - 1]!);
      case 'DeclStmt':
      case 'NullStmt':
        // Their range ends with their `;`.
        return pastLast(node);
      default: {
        const last = pastLast(node);
        if (last === null) return null;
        const next = text.skipSpace(last);
        if (text.charAt(next) === ';') return next + 1;
        return isPlain(node.range?.end) ? null : last;
      }
    }
  };
  /**
   * Whether a block's statement starts where a statement may be put before it: after a `;`, a brace or a label. One
   * from a macro may not (`if (x) TWO;` with TWO `a++; b++`: `b++` starts inside the if, at TWO).
   */
  const atStatementStart = (node: AstNode) => ';{}:'.includes(text.charBefore(begin(node)) || '{');
  const step = (node: AstNode) => `__trace_step(${text.lineAt(begin(node))});`;

  /**
   * A loop's condition calls the step hook each time it is tested (after registering the loop's own variables), when
   * it is exactly what stands between its delimiters: `(` and `)` for while, `;` and `;` for for.
   */
  const wrapCondition = (loop: AstNode, cond: AstNode | undefined, register = ''): boolean => {
    if (isEmpty(cond)) return false;
    const from = begin(cond!);
    const to = pastLast(cond!);
    const [before, after] = loop.kind === 'ForStmt' ? [';', ';'] : ['(', ')'];
    if (to === null || text.charBefore(from) !== before || text.charAt(text.skipSpace(to)) !== after) return false;
    put(from, `(${register} ${step(loop)}`.replace(/;/g, ','));
    put(to, ')', 0);
    return true;
  };

  /**
   * A body that is not a block becomes one, with its step, when its extent is certain: it follows what it must
   * (`)`, `else`, `do`) and ends before what comes next (`limit`). Otherwise it gets no step: a step placed outside
   * its braces-to-be would become the body and the real statement would run every time. A block is walked.
   */
  const body = (node: AstNode | undefined, limit: number, after: ')' | 'else' | 'do' = ')'): void => {
    if (isEmpty(node) || node!.kind === 'NullStmt') return;
    if (node!.kind === 'CompoundStmt' && isPlain(node!.range?.begin) && isPlain(node!.range?.end))
      return block(node!, 'plain');
    const from = begin(node!);
    const close = end(node!);
    const follows = after === ')' ? text.charBefore(from) === ')' : text.wordBefore(from, after);
    if (close === null || !follows || close > limit) return;
    put(from, `{${step(node!)} `);
    put(close, '}', 0);
    statement(node!, false, close);
  };

  /** The variables a for loop declares in its first clause. */
  const loopVars = (init: AstNode | undefined) =>
    (!isEmpty(init) && init!.kind === 'DeclStmt' ? init!.inner! : []).filter((d) => d.kind === 'VarDecl' && d.name);

  /**
   * A statement: its step before it (unless its braces-to-be have it), and what it holds walked. A loop or branch
   * whose keyword comes from a macro is not rewritten inside, but its blocks written in the file are walked.
   */
  function statement(node: AstNode, withStep: boolean, limit: number): void {
    const inner = node.inner ?? [];
    if (LOOPS_AND_BRANCHES.has(node.kind!) && !isPlain(node.range?.begin)) {
      if (withStep) put(begin(node), step(node));
      for (const child of inner)
        if (child?.kind === 'CompoundStmt' && isPlain(child.range?.begin) && isPlain(child.range?.end))
          block(child, 'plain');
      return;
    }
    switch (node.kind) {
      case 'NullStmt':
        return;
      case 'CaseStmt':
      case 'DefaultStmt':
      case 'LabelStmt':
        return statement(inner[inner.length - 1]!, true, limit);
      case 'DeclStmt': {
        if (withStep) put(begin(node), step(node));
        const vars = inner.filter((d) => d.kind === 'VarDecl' && d.name && d.storageClass !== 'extern');
        const semicolon = node.range?.end;
        if (vars.length > 0 && isPlain(semicolon) && text.charAt(semicolon.offset) === ';')
          put(semicolon.offset + 1, vars.map((v) => register(v, 'local')).join(' '), 0);
        return;
      }
      case 'ForStmt': {
        const [init, , cond, , loopBody] = inner;
        const vars = loopVars(init);
        const registered = vars.map((v) => register(v, 'local')).join(' ');
        // A loop's own variables live in a scope of the loop's: gone when it ends, as C says.
        const close = vars.length > 0 ? end(node) : null;
        if (close !== null && close <= limit) {
          put(begin(node), `{${SCOPE} `);
          put(close, '}', 0);
        }
        if (!wrapCondition(node, cond, registered) && withStep) put(begin(node), step(node));
        return body(loopBody, limit);
      }
      case 'WhileStmt':
        if (!wrapCondition(node, inner[0]) && withStep) put(begin(node), step(node));
        return body(inner[1], limit);
      case 'DoStmt':
        if (withStep) put(begin(node), step(node));
        wrapCondition(node, inner[1]);
        return body(inner[0], isEmpty(inner[1]) ? limit : begin(inner[1]!), 'do');
      case 'IfStmt': {
        if (withStep) put(begin(node), step(node));
        const otherwise = inner[2];
        body(inner[1], isEmpty(otherwise) ? limit : begin(otherwise!));
        return body(otherwise, limit, 'else');
      }
      case 'SwitchStmt':
        if (withStep) put(begin(node), step(node));
        if (inner[1]?.kind === 'CompoundStmt' && isPlain(inner[1].range?.begin) && isPlain(inner[1].range?.end))
          block(inner[1], 'switch');
        return;
      case 'CompoundStmt':
        if (isPlain(node.range?.begin) && isPlain(node.range?.end)) return block(node, 'plain');
        if (withStep) put(begin(node), step(node));
        return;
      default:
        if (withStep) put(begin(node), step(node));
    }
  }

  /** A block's statements; a block that declares variables (not a switch's) is a scope the runner follows. */
  function block(node: AstNode, kind: 'plain' | 'switch' | 'function'): void {
    const children = (node.inner ?? []).filter((c) => !isEmpty(c));
    const open = (node.range!.begin as { offset: number }).offset;
    const close = (node.range!.end as { offset: number }).offset;
    if (kind === 'plain' && children.some((c) => c.kind === 'DeclStmt')) put(open + 1, SCOPE);
    children.forEach((child, index) =>
      statement(child, atStatementStart(child), index + 1 < children.length ? begin(children[index + 1]!) : close),
    );
  }

  const records: string[] = [];
  const globals: string[] = [];
  for (const decl of decls) {
    if (decl.kind === 'FunctionDecl') {
      const fnBody = decl.inner?.find((c) => c.kind === 'CompoundStmt');
      // A function whose body's braces come from a macro is not followed (its variables' places are not known).
      if (!fnBody || !decl.name || !isPlain(fnBody.range?.begin) || !isPlain(fnBody.range?.end)) continue;
      meta.functions.push(decl.name === '__student_main' ? 'main' : decl.name);
      const params = (decl.inner ?? []).filter((c) => c.kind === 'ParmVarDecl' && c.name);
      put(
        fnBody.range!.begin.offset! + 1,
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
    text.length,
    `\n__attribute__((constructor)) static void __trace_start(void) { ${[...records, ...globals].join(' ')} }\n`,
    0,
  );

  const ordered = inserts
    .map((insert, order) => ({ ...insert, order }))
    .sort((a, b) => a.at - b.at || a.rank - b.rank || a.order - b.order);
  const parts: Buffer[] = [];
  let from = 0;
  for (const insert of ordered) {
    parts.push(text.bytes.subarray(from, insert.at), Buffer.from(insert.text, 'utf8'));
    from = insert.at;
  }
  parts.push(text.bytes.subarray(from));
  return { code: Buffer.concat(parts).toString('utf8'), meta };
}

/**
 * The declarations whose address the program takes anywhere, so that other code may write them: each named under a
 * `&` (`&x`, `&a[i]`, `&s.f`), or an array (or an array in a struct) passed on as a pointer (`f(a)`, `p = s.name`).
 * An array only indexed (`a[i]`) stays its function's own.
 */
function addressesTaken(root: AstNode): Set<string> {
  const taken = new Set<string>();
  const named = (node: AstNode) => {
    if (node.kind === 'DeclRefExpr' && node.referencedDecl?.id) taken.add(node.referencedDecl.id);
    node.inner?.forEach(named);
  };
  const walk = (node: AstNode, parent: AstNode | null) => {
    const decays = node.kind === 'ImplicitCastExpr' && node.castKind === 'ArrayToPointerDecay';
    if ((node.kind === 'UnaryOperator' && node.opcode === '&') || (decays && parent?.kind !== 'ArraySubscriptExpr'))
      named(node);
    else node.inner?.forEach((child) => walk(child, node));
  };
  walk(root, null);
  return taken;
}
