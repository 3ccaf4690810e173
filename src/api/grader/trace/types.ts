/**
 * The C types of a traced program's variables, read from the types Clang prints (`int *`, `struct node *[4]`,
 * `Node`), for a WebAssembly (wasm32) build: what the view needs to show a variable's bytes as a value. Structs
 * get their size and their fields' offsets from the program itself (sizeof and offsetof, measured when it starts);
 * a type the view can't read (a function pointer, a union's members, a long double) is shown as bytes.
 */
import type { TraceRecord, TraceType } from '../../../contracts/trace.js';
import type { AstNode } from './instrument.js';

const SCALARS: Record<string, TraceType> = {};
type Scalar = { kind: 'int'; size: number; signed: boolean; char?: boolean } | { kind: 'float'; size: number };
const scalar = (names: string[], type: Scalar) => {
  for (const name of names) SCALARS[name] = { ...type, name } as TraceType;
};
scalar(['char', 'signed char'], { kind: 'int', size: 1, signed: true, char: true });
scalar(['unsigned char'], { kind: 'int', size: 1, signed: false, char: true });
scalar(['short', 'short int', 'signed short', 'signed short int'], { kind: 'int', size: 2, signed: true });
scalar(['unsigned short', 'unsigned short int'], { kind: 'int', size: 2, signed: false });
scalar(['int', 'signed', 'signed int', 'long', 'long int', 'signed long', 'signed long int'], {
  kind: 'int',
  size: 4,
  signed: true,
});
scalar(['unsigned', 'unsigned int', 'unsigned long', 'unsigned long int'], { kind: 'int', size: 4, signed: false });
scalar(['long long', 'long long int', 'signed long long', 'signed long long int'], {
  kind: 'int',
  size: 8,
  signed: true,
});
scalar(['unsigned long long', 'unsigned long long int'], { kind: 'int', size: 8, signed: false });
scalar(['_Bool', 'bool'], { kind: 'int', size: 1, signed: false });
scalar(['float'], { kind: 'float', size: 4 });
scalar(['double'], { kind: 'float', size: 8 });

interface RecordInfo {
  /** How the program names it, for sizeof and offsetof; null for one it can't name here. */
  spelling: string | null;
  fields: string[];
}

/** The record a typedef stands for (its RecordType), if any. */
function recordIdOf(node: AstNode): string | undefined {
  for (const child of node.inner ?? []) {
    const decl = (child as { decl?: { id: string; kind: string } }).decl;
    if (child.kind === 'RecordType' && decl) return decl.id;
    const deeper = recordIdOf(child);
    if (deeper) return deeper;
  }
  return undefined;
}

/** The type table of a program: `of` gives a type's index, adding it (and what it is made of) once. */
export function typeTable(root: AstNode, mainRecords: Set<string> = new Set()) {
  const table: TraceType[] = [];
  const records: (TraceRecord & RecordInfo)[] = [];
  const indexOf = new Map<string, number>();
  const recordIndex = new Map<string, number>();
  const recordNodes = new Map<string, AstNode>();
  const recordByTag = new Map<string, string>();
  const typedefs = new Map<string, { type: string; record?: string }>();
  for (const node of root.inner ?? []) {
    if (node.kind === 'RecordDecl' && node.completeDefinition && node.id) {
      recordNodes.set(node.id, node);
      if (node.name) recordByTag.set(`${node.tagUsed} ${node.name}`, node.id);
    } else if (node.kind === 'TypedefDecl' && node.name && node.type) {
      typedefs.set(node.name, { type: node.type.qualType, record: recordIdOf(node) });
    }
  }
  const typedefOf = new Map<string, string>();
  for (const [name, typedef] of typedefs)
    if (typedef.record && !typedefOf.has(typedef.record)) typedefOf.set(typedef.record, name);

  const add = (key: string, make: (index: number) => TraceType): number => {
    const known = indexOf.get(key);
    if (known !== undefined) return known;
    const index = table.length;
    table.push({ kind: 'opaque', name: key });
    indexOf.set(key, index);
    table[index] = make(index);
    return index;
  };

  const record = (id: string, name: string): number => {
    let index = recordIndex.get(id);
    if (index === undefined) {
      const node = recordNodes.get(id)!;
      const named = node.name ? `${node.tagUsed} ${node.name}` : (typedefOf.get(id) ?? null);
      index = records.length;
      const info: TraceRecord & RecordInfo = {
        name,
        size: null,
        fields: [],
        spelling: (node.tagUsed === 'struct' || node.tagUsed === 'union') && mainRecords.has(id) ? named : null,
      };
      records.push(info);
      recordIndex.set(id, index);
      // A bit-field has no address, so no offsetof to measure it by: not shown.
      for (const field of node.inner ?? [])
        if (field.kind === 'FieldDecl' && field.name && field.type && !field.isBitfield)
          info.fields.push({ name: field.name, type: ofDeclared(field.type), offset: null });
    }
    return index;
  };

  function of(written: string): number {
    const text = written
      .replace(/\b(const|volatile|restrict|__restrict|_Atomic)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/ \*/g, '*')
      .replace(/\* /g, '*')
      .trim();
    const array = /^(.*?)\[([^\]]*)\]((?:\[[^\]]*\])*)$/.exec(text);
    if (array && !text.includes('(')) {
      const length = /^\d+$/.test(array[2]!) ? Number(array[2]) : null;
      return add(text, () => ({ kind: 'array', name: written, of: of(`${array[1]}${array[3]}`), length }));
    }
    // A pointer to an array (an array parameter `int m[][3]` is one: `int (*)[3]`).
    const toArray = /^(.*?) ?\(\*\)((?:\[[^\]]*\])+)$/.exec(text);
    if (toArray) return add(text, () => ({ kind: 'pointer', name: written, to: of(`${toArray[1]}${toArray[2]}`) }));
    // A pointer to a function: `int (*)(int)`.
    const toFunction = /^(.*?) ?\(\*\)\((.*)\)$/.exec(text);
    if (toFunction)
      return add(text, () => ({
        kind: 'pointer',
        name: written,
        to: add(`${toFunction[1]}(${toFunction[2]})`, () => ({
          kind: 'function',
          name: `${toFunction[1]} (${toFunction[2]})`,
        })),
      }));
    if (text.endsWith('*') && !text.includes('(')) {
      return add(text, () => ({ kind: 'pointer', name: written, to: of(text.slice(0, -1)) }));
    }
    if (SCALARS[text]) return add(text, () => ({ ...SCALARS[text]!, name: written }));
    if (/^enum /.test(text)) return add(text, () => ({ kind: 'int', name: written, size: 4, signed: true }));
    const tagged = recordByTag.get(text);
    if (tagged) return add(text, () => ({ kind: 'struct', name: written, record: record(tagged, written) }));
    const typedef = typedefs.get(text);
    if (typedef?.record && recordNodes.has(typedef.record))
      return add(text, () => ({ kind: 'struct', name: written, record: record(typedef.record!, written) }));
    if (typedef) {
      const underlying = of(typedef.type);
      return add(text, () => ({ ...table[underlying]!, name: written }));
    }
    return add(text, () => ({ kind: 'opaque', name: written }));
  }

  /**
   * A type as Clang prints it, and its meaning without typedefs (a typedef of a precompiled header, such as size_t,
   * is not in the tree).
   */
  const ofDeclared = (type: { qualType: string; desugaredQualType?: string }): number => {
    const index = of(type.qualType);
    return table[index]!.kind === 'opaque' && type.desugaredQualType ? of(type.desugaredQualType) : index;
  };

  return { table, records, of: ofDeclared };
}
