// libFuzzer target: any bytes as a saved view (issue 14, class 8). The loader's text entry
// (state_from_text, what load_state runs after reading a regular file) may refuse them, only
// with UsageError, whose message is one printable line of bounded length; anything else
// escaping (a JSON library exception, std::out_of_range, ...) is a finding, and so is a crash.
// A view it takes saves and loads back equal, and what it saves loads again (never a session
// file that the next start refuses). Seeds: tests/fuzz/corpus/view_state/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "errors.h"
#include "fuzz_checks.h"
#include "view/view_state.h"

namespace {

// A message quotes a source name, three excerpts of 64 bytes (escaped: up to 4 bytes each)
// and fixed words; no input makes it longer than this.
constexpr std::size_t kMaxMessageBytes = 1200;

[[noreturn]] void finding(const char* what, const std::string& detail) {
  geofield::fuzz::finding("view_state", what, detail);
}

void check_message(const std::string& m) {
  geofield::fuzz::check_message("view_state", m, kMaxMessageBytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  geofield::ViewState s;
  try {
    s = geofield::state_from_text(text, "'fuzz.json'");
  } catch (const geofield::UsageError& e) {
    check_message(e.what());
    return 0;
  }
  // Taken: it saves, and what it saves loads back as the same view, and again the same.
  std::string saved;
  geofield::ViewState back;
  try {
    saved = geofield::state_to_text(s);
    back = geofield::state_from_text(saved, "'saved.json'");
  } catch (const geofield::UsageError& e) {
    finding("a view that loaded does not load back once saved", e.what());
  }
  if (!(back == s)) finding("saved and loaded back differs", saved);
  if (geofield::state_to_text(back) != saved) finding("saving is not stable", saved);
  return 0;
}
