/**
 * A run's private folder, in memory: the files a test gives the program, and those it creates. The program reaches
 * them through WASI's file calls on the one preopened directory (fd 3); nothing else exists, and nothing outside the
 * worker's memory is ever touched. Names are flat (no folders), counts and sizes are bounded; a call past a bound
 * fails as it would on a full disk, and the run says which bound was met.
 */
import { FILE_LIMITS } from '../../contracts/exercises/limits.js';

/** WASI preview 1 error numbers (wasi_snapshot_preview1 `errno`). */
export const ERRNO = {
  success: 0,
  badf: 8,
  exist: 20,
  fbig: 22,
  inval: 28,
  isdir: 31,
  mfile: 33,
  noent: 44,
  nospc: 51,
  nosys: 52,
  notdir: 54,
  notsup: 58,
  spipe: 70,
  notcapable: 76,
} as const;

const OFLAGS = { creat: 1, directory: 2, excl: 4, trunc: 8 } as const;
const FDFLAGS_APPEND = 1;
const RIGHT_FD_READ = 1n << 1n;
const RIGHT_FD_WRITE = 1n << 6n;
const ALL_FILE_RIGHTS = (1n << 29n) - 1n;
const FILETYPE = { directory: 3, regular: 4 } as const;
/** The one directory the program is given, as the runner's WASI preopens it. */
const ROOT_FD = 3;
const FIRST_FILE_FD = 4;

interface StoredFile {
  bytes: Uint8Array;
  size: number;
  /** Created or written by the program (not only given and read). */
  changed: boolean;
}

interface OpenFile {
  name: string;
  position: number;
  append: boolean;
  readable: boolean;
  writable: boolean;
}

export interface ProgramFile {
  name: string;
  content: string;
}

export interface WrittenFile extends ProgramFile {
  /** Not text (a NUL byte, or not UTF-8): `content` then says so instead of showing bytes. */
  binary: boolean;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A file's bytes as text, or a note that they are not text. */
function asText(bytes: Uint8Array): { content: string; binary: boolean } {
  try {
    if (bytes.includes(0)) throw new Error('binary');
    return { content: decoder.decode(bytes), binary: false };
  } catch {
    return { content: `(binary data, ${bytes.length} bytes)`, binary: true };
  }
}

export function createMemoryFiles(given: ProgramFile[], memory: () => ArrayBuffer) {
  const files = new Map<string, StoredFile>();
  for (const file of given) {
    const bytes = new TextEncoder().encode(file.content);
    files.set(file.name, { bytes, size: bytes.length, changed: false });
  }
  const open = new Map<number, OpenFile>();
  /** Which bounds the program met, said once each. */
  const problems = new Set<string>();
  const view = () => new DataView(memory());

  /** A path inside the folder: `data.txt` or `./data.txt`; anything with a folder in it does not exist. */
  function nameAt(at: number, length: number): string | null {
    const path = Buffer.from(memory(), at, length)
      .toString('utf8')
      .replace(/^(\.\/)+/, '');
    return path && !path.includes('/') && path !== '.' && path !== '..' ? path : null;
  }

  function nextFd(): number | null {
    for (let fd = FIRST_FILE_FD; fd < FIRST_FILE_FD + FILE_LIMITS.maxOpen; fd++) if (!open.has(fd)) return fd;
    return null;
  }

  function totalBytes(): number {
    let total = 0;
    for (const file of files.values()) total += file.size;
    return total;
  }

  /** Room for a file to hold `size` bytes, within its own bound and the folder's. */
  function fits(name: string, file: StoredFile, size: number): boolean {
    if (size > FILE_LIMITS.fileMaxBytes) {
      problems.add(
        `The program tried to write more than ${FILE_LIMITS.fileMaxBytes / 1024} KB to '${name}': a file here holds at most ${FILE_LIMITS.fileMaxBytes / 1024} KB, so that write failed.`,
      );
      return false;
    }
    if (totalBytes() - file.size + size > FILE_LIMITS.totalMaxBytes) {
      problems.add(
        `The program's files came to more than ${FILE_LIMITS.totalMaxBytes / 1024} KB in all, the most a run may keep, so a write failed.`,
      );
      return false;
    }
    if (size > file.bytes.length) {
      const grown = new Uint8Array(Math.min(FILE_LIMITS.fileMaxBytes, Math.max(size, file.bytes.length * 2, 256)));
      grown.set(file.bytes.subarray(0, file.size));
      file.bytes = grown;
    }
    return true;
  }

  const iovecs = (iovs: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      at: view().getUint32(iovs + i * 8, true),
      length: view().getUint32(iovs + i * 8 + 4, true),
    }));

  return {
    /** Whether an fd is one of this folder's open files. */
    owns: (fd: number) => open.has(fd),

    path_open(
      dirFd: number,
      _lookupFlags: number,
      pathAt: number,
      pathLength: number,
      oflags: number,
      rightsBase: bigint,
      _rightsInheriting: bigint,
      fdflags: number,
      fdOut: number,
    ): number {
      if (dirFd !== ROOT_FD) return ERRNO.badf;
      const name = nameAt(pathAt, pathLength);
      if (name === null) return ERRNO.noent;
      if (oflags & OFLAGS.directory) return ERRNO.notdir;
      let file = files.get(name);
      if (file && oflags & OFLAGS.creat && oflags & OFLAGS.excl) return ERRNO.exist;
      if (!file) {
        if (!(oflags & OFLAGS.creat)) return ERRNO.noent;
        if (files.size >= FILE_LIMITS.maxFiles) {
          problems.add(`The program tried to create more than ${FILE_LIMITS.maxFiles} files, the most a run may have.`);
          return ERRNO.nospc;
        }
        file = { bytes: new Uint8Array(0), size: 0, changed: true };
        files.set(name, file);
      }
      const fd = nextFd();
      if (fd === null) {
        problems.add(`The program had more than ${FILE_LIMITS.maxOpen} files open at once. Close each file when done.`);
        return ERRNO.mfile;
      }
      const writable = (BigInt(rightsBase) & RIGHT_FD_WRITE) !== 0n;
      if (oflags & OFLAGS.trunc && writable) {
        file.size = 0;
        file.changed = true;
      }
      open.set(fd, {
        name,
        position: 0,
        append: (fdflags & FDFLAGS_APPEND) !== 0,
        readable: (BigInt(rightsBase) & RIGHT_FD_READ) !== 0n,
        writable,
      });
      view().setUint32(fdOut, fd, true);
      return ERRNO.success;
    },

    fd_read(fd: number, iovs: number, count: number, readAt: number): number {
      const handle = open.get(fd);
      const file = handle && files.get(handle.name);
      if (!handle || !file || !handle.readable) return ERRNO.badf;
      let total = 0;
      for (const { at, length } of iovecs(iovs, count)) {
        const n = Math.max(0, Math.min(length, file.size - handle.position));
        new Uint8Array(memory(), at, n).set(file.bytes.subarray(handle.position, handle.position + n));
        handle.position += n;
        total += n;
        if (n < length) break;
      }
      view().setUint32(readAt, total, true);
      return ERRNO.success;
    },

    fd_write(fd: number, iovs: number, count: number, writtenAt: number): number {
      const handle = open.get(fd);
      const file = handle && files.get(handle.name);
      if (!handle || !file || !handle.writable) return ERRNO.badf;
      let total = 0;
      for (const { at, length } of iovecs(iovs, count)) {
        if (handle.append) handle.position = file.size;
        const end = handle.position + length;
        if (!fits(handle.name, file, Math.max(end, file.size))) {
          if (total === 0) return ERRNO.fbig;
          break;
        }
        // A write past the end leaves zeros in the gap, as a file system does.
        if (handle.position > file.size) file.bytes.fill(0, file.size, handle.position);
        file.bytes.set(new Uint8Array(memory(), at, length), handle.position);
        handle.position = end;
        file.size = Math.max(file.size, end);
        file.changed = true;
        total += length;
      }
      view().setUint32(writtenAt, total, true);
      return ERRNO.success;
    },

    fd_seek(fd: number, offset: bigint, whence: number, newOffsetAt: number): number {
      const handle = open.get(fd);
      const file = handle && files.get(handle.name);
      if (!handle || !file) return ERRNO.badf;
      const base = whence === 0 ? 0 : whence === 1 ? handle.position : whence === 2 ? file.size : NaN;
      const target = base + Number(BigInt.asIntN(64, BigInt(offset)));
      if (!Number.isFinite(target) || target < 0) return ERRNO.inval;
      handle.position = target;
      view().setBigUint64(newOffsetAt, BigInt(target), true);
      return ERRNO.success;
    },

    fd_tell(fd: number, offsetAt: number): number {
      const handle = open.get(fd);
      if (!handle) return ERRNO.badf;
      view().setBigUint64(offsetAt, BigInt(handle.position), true);
      return ERRNO.success;
    },

    fd_close(fd: number): number {
      return open.delete(fd) ? ERRNO.success : ERRNO.badf;
    },

    /** A regular file, readable and writable as opened (the C library asks when it sets a stream up). */
    fd_fdstat_get(fd: number, at: number): number {
      const handle = open.get(fd);
      if (!handle) return ERRNO.badf;
      const v = view();
      v.setUint8(at, FILETYPE.regular);
      v.setUint16(at + 2, handle.append ? FDFLAGS_APPEND : 0, true);
      // Every right a regular file can have: the C library keeps to the stream's own mode.
      v.setBigUint64(at + 8, ALL_FILE_RIGHTS, true);
      v.setBigUint64(at + 16, 0n, true);
      return ERRNO.success;
    },

    fd_filestat_get(fd: number, at: number): number {
      const handle = open.get(fd);
      const file = handle && files.get(handle.name);
      if (!file) return ERRNO.badf;
      writeFilestat(at, FILETYPE.regular, file.size);
      return ERRNO.success;
    },

    fd_filestat_set_size(fd: number, size: bigint): number {
      const handle = open.get(fd);
      const file = handle && files.get(handle.name);
      if (!handle || !file || !handle.writable) return ERRNO.badf;
      const length = Number(size);
      if (!fits(handle.name, file, length)) return ERRNO.fbig;
      if (length > file.size) file.bytes.fill(0, file.size, length);
      file.size = length;
      file.changed = true;
      return ERRNO.success;
    },

    path_filestat_get(dirFd: number, _flags: number, pathAt: number, pathLength: number, at: number): number {
      if (dirFd !== ROOT_FD) return ERRNO.badf;
      const raw = Buffer.from(memory(), pathAt, pathLength).toString('utf8');
      if (raw === '.' || raw === '' || raw === './') {
        writeFilestat(at, FILETYPE.directory, 0);
        return ERRNO.success;
      }
      const name = nameAt(pathAt, pathLength);
      const file = name === null ? undefined : files.get(name);
      if (!file) return ERRNO.noent;
      writeFilestat(at, FILETYPE.regular, file.size);
      return ERRNO.success;
    },

    path_unlink_file(dirFd: number, pathAt: number, pathLength: number): number {
      if (dirFd !== ROOT_FD) return ERRNO.badf;
      const name = nameAt(pathAt, pathLength);
      if (name === null || !files.has(name)) return ERRNO.noent;
      files.delete(name);
      return ERRNO.success;
    },

    path_rename(
      fromDir: number,
      fromAt: number,
      fromLength: number,
      toDir: number,
      toAt: number,
      toLength: number,
    ): number {
      if (fromDir !== ROOT_FD || toDir !== ROOT_FD) return ERRNO.badf;
      const from = nameAt(fromAt, fromLength);
      const to = nameAt(toAt, toLength);
      const file = from === null ? undefined : files.get(from);
      if (!file || to === null) return ERRNO.noent;
      files.delete(from!);
      file.changed = true;
      files.set(to, file);
      for (const handle of open.values()) if (handle.name === from) handle.name = to;
      return ERRNO.success;
    },

    /** Every file now, by name (for checking a test's expected files). */
    contents(): Map<string, string | null> {
      const all = new Map<string, string | null>();
      for (const [name, file] of files) {
        const text = asText(file.bytes.subarray(0, file.size));
        all.set(name, text.binary ? null : text.content);
      }
      return all;
    },

    /** The files the program created or changed, in name order, to show after the run. */
    written(): WrittenFile[] {
      return [...files]
        .filter(([, file]) => file.changed)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, file]) => ({ name, ...asText(file.bytes.subarray(0, file.size)) }));
    },

    problems: () => [...problems],
  };

  function writeFilestat(at: number, filetype: number, size: number) {
    const v = view();
    for (let offset = 0; offset < 64; offset += 8) v.setBigUint64(at + offset, 0n, true);
    v.setUint8(at + 16, filetype);
    v.setBigUint64(at + 24, 1n, true);
    v.setBigUint64(at + 32, BigInt(size), true);
  }
}
