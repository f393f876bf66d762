#include "export/plugin_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "errors.h"

namespace geofield {
namespace {

// The environment's path alone where it names one (what the user asked for, never silently
// another), else beside the binary, the installed folder and the loader's own search.
std::vector<std::string> candidates(const WriterModule& m, const char* named) {
  if (named != nullptr) return {named};
  std::vector<std::string> c;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path dir = exe.parent_path();
    c.push_back((dir / m.file).string());
#ifdef GEOFIELD_INSTALLED_PLUGIN_DIR
    c.push_back((dir / GEOFIELD_INSTALLED_PLUGIN_DIR / m.file).lexically_normal().string());
#endif
  }
  c.emplace_back(m.file);
  return c;
}

// The entry point, or null with the message in *failure.
void* load(const WriterModule& m, std::string* failure) {
  const char* named = std::getenv(m.env);
  if (named != nullptr && *named == '\0') named = nullptr;
  std::string tried;
  for (const std::string& candidate : candidates(m, named)) {
    void* handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      tried += "\n  " + candidate + ": " + ::dlerror();
      continue;
    }
    if (void* entry = ::dlsym(handle, m.symbol)) return entry;
    tried += "\n  " + candidate + ": no " + m.symbol;
  }
  if (named != nullptr) {
    *failure = std::string(m.format) + " export: $" + m.env + " names " + named +
               ", which cannot be loaded (unset it to use the " + m.file +
               " built with geofield):" + tried;
    return nullptr;
  }
  *failure = std::string(m.format) + " export needs " + m.file +
             " (built with geofield; beside the binary in a build folder, in ../lib/geofield "
             "once installed; or name it in $" +
             m.env + "), which needs " + m.needs + ". Tried:" + tried;
  return nullptr;
}

}  // namespace

void* WriterEntry::get() {
  std::call_once(once_, [this] { entry_ = load(module_, &failure_); });
  if (entry_ == nullptr) throw RuntimeFailure(failure_);
  return entry_;
}

}  // namespace geofield
