/* Preloaded into the sanitized suite's processes (LD_PRELOAD, set by the asan test preset):
 * dlclose does nothing, so the libraries Mesa and libglvnd open (the DRI driver, LLVM, the EGL
 * and GLX vendors) stay mapped until LeakSanitizer runs at exit. Unloaded by then, their global
 * data, which still points at what they allocated, is not scanned and the allocations show as
 * leaks from "<unknown module>" that no suppression can name. Test-only; not instrumented
 * itself, as uninstrumented processes (python, Xvfb) load it too. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
