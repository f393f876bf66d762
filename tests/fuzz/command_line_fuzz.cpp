// libFuzzer target: geofield's command line, parse step only (parse_command_line: no file, no
// GL, no output). The input is argv after the program's name, its words separated by NUL
// bytes ("render\0--size\04x2"; a final NUL ends the last word; an empty input is no word).
// A UsageError is the expected answer to bad input and must be one line of at most 512 bytes
// with no control character; anything else that escapes (another exception, a crash, a
// sanitizer report) is a finding. Seeds: tests/fuzz/corpus/command_line/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_line.h"
#include "errors.h"

namespace {

constexpr std::size_t kMaxMessageBytes = 512;

std::vector<std::string> words_of(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = {"geofield"};
  std::string word;
  for (std::size_t k = 0; k < size; ++k) {
    if (data[k] == 0) {
      args.push_back(word);
      word.clear();
    } else {
      word += static_cast<char>(data[k]);
    }
  }
  if (!word.empty()) args.push_back(word);
  return args;
}

[[noreturn]] void finding(const char* what, std::string_view message) {
  std::fprintf(stderr, "command_line_fuzz: %s (%zu bytes): %.*s\n", what, message.size(),
               static_cast<int>(message.size() < 600 ? message.size() : 600), message.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = words_of(data, size);
  try {
    geofield::parse_command_line(args);
  } catch (const geofield::UsageError& e) {
    const std::string_view message = e.what();
    if (message.empty()) finding("empty UsageError message", message);
    if (message.size() > kMaxMessageBytes) finding("UsageError message too long", message);
    for (const char c : message) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (u < 0x20 || u == 0x7F) finding("control character in a UsageError message", message);
    }
  }
  return 0;
}
