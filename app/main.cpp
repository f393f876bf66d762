// geofield's entry point: every error ends here as one line and an exit status.
#include <cstdio>
#include <exception>

#include "cli/command_line.h"
#include "errors.h"

int main(int argc, char** argv) {
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
