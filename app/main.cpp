// geofield's entry point: every error ends here as one line and an exit status.
#include <csignal>
#include <cstdio>
#include <exception>

#include "cli/command_line.h"
#include "errors.h"

int main(int argc, char** argv) {
  // A reader that closes our stdout or stderr early (`| head -c1`) must not kill a render
  // between the renames of its outputs: with SIGPIPE ignored the write fails with EPIPE, which
  // costs only the message, and every output still appears whole.
  std::signal(SIGPIPE, SIG_IGN);
  // Likewise a file-size limit (ulimit -f): a write past it fails with EFBIG, which the writer
  // reports naming the file, instead of the signal killing the process (a window and its view
  // with it) mid-write.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    return geofield::run_command_line(argc, argv);
  } catch (const geofield::UsageError& e) {
    std::fprintf(stderr, "geofield: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield: failed: %s\n", e.what());
    return 1;
  }
}
