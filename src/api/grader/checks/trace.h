/*
 * Included before a program built to be stepped through (clang -include): the calls its rewritten code makes to
 * the runner (trace/instrument.ts says where), which records them (trace/recorder.ts).
 */
#define __TRACE_HOOK(name) __attribute__((import_module("trace"), import_name(name)))
__TRACE_HOOK("step") void __trace_step(int __line);
__TRACE_HOOK("enter") char __trace_enter(int __function);
__TRACE_HOOK("leave") void __trace_leave(char *__frame);
__TRACE_HOOK("scope_enter") char __trace_scope_enter(void);
__TRACE_HOOK("scope_leave") void __trace_scope_leave(char *__scope);
__TRACE_HOOK("var") void __trace_var(void *__at, __SIZE_TYPE__ __size, int __var, int __flags);
__TRACE_HOOK("size") void __trace_size(int __record, __SIZE_TYPE__ __size);
__TRACE_HOOK("layout") void __trace_layout(int __record, int __field, __SIZE_TYPE__ __offset);
#undef __TRACE_HOOK
