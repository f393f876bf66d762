// Replays a fuzz target's corpus without libFuzzer: each file named (or each regular file in a
// folder named) goes once through LLVMFuzzerTestOneInput, from a heap buffer of exactly its
// size, so a sanitized build sees a read past its end. Built for every fuzz target in every
// build (tests/fuzz/CMakeLists.txt) and run by ctest; a crash or an escaping exception fails it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs(const char* arg) {
  const fs::path p(arg);
  if (!fs::is_directory(p)) return {p};
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(p)) {
    if (e.is_regular_file()) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  std::size_t count = 0;
  for (int a = 1; a < argc; ++a) {
    if (!fs::exists(argv[a])) {
      std::fprintf(stderr, "replay: %s does not exist\n", argv[a]);
      return 2;
    }
    for (const fs::path& f : inputs(argv[a])) {
      std::ifstream in(f, std::ios::binary);
      if (!in) {
        std::fprintf(stderr, "replay: cannot read %s\n", f.c_str());
        return 2;
      }
      const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
      // Exactly the input's size (no vector capacity beyond it), as libFuzzer hands it over.
      const std::unique_ptr<std::uint8_t[]> buf(
          new std::uint8_t[std::max<std::size_t>(1, bytes.size())]);
      std::copy(bytes.begin(), bytes.end(), buf.get());
      std::fprintf(stderr, "replay: %s (%zu bytes)\n", f.c_str(), bytes.size());
      try {
        LLVMFuzzerTestOneInput(buf.get(), bytes.size());
      } catch (const std::exception& e) {
        std::fprintf(stderr, "replay: %s: an exception escaped the target: %s\n", f.c_str(),
                     e.what());
        return 1;
      }
      ++count;
    }
  }
  if (count == 0) {
    std::fprintf(stderr, "replay: no inputs (an empty corpus replays nothing)\n");
    return 1;
  }
  std::fprintf(stderr, "replay: %zu inputs, no finding\n", count);
  return 0;
}
