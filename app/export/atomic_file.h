// Files appear whole or not at all: written to a temporary name beside the target, then
// renamed over it. A failure removes the temporary file and throws with the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace geofield {

// Throws UsageError naming `option` when path cannot be written (missing or unwritable
// folder, a folder in the way). Called before any work so bad paths fail fast.
void check_writable(const std::filesystem::path& path, const char* option);

// Writes the pieces, in order, as the whole new content of path.
void write_file_atomically(const std::filesystem::path& path,
                           std::initializer_list<std::span<const std::uint8_t>> pieces);

// The same for content that is made a piece at a time, possibly by several threads at once:
// the temporary file is created here, filled with write_at (from any thread, in any order),
// and renamed over the target by commit(). Without commit() (an exception on the way) the
// destructor removes the temporary. Every failure throws RuntimeFailure with the reason.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  // Writes bytes at offset (in bytes from the start of the file); safe from several threads.
  void write_at(std::uint64_t offset, std::span<const std::uint8_t> bytes);
  // Flushes and closes the temporary: after this only the rename can fail. Lets a command
  // that writes several files finish them all before it renames any (all or none, as far as
  // the file system allows). Once only; commit() does it when it was not done.
  void finish();
  // Renames the temporary over the target (after finish()). Once only.
  void commit();
  // The temporary's name, for a writer that must open the file itself (libtiff): what it
  // writes there is flushed by finish() and renamed by commit() like the rest.
  const std::string& temporary_path() const { return temporary_; }
  const std::filesystem::path& target() const { return path_; }

 private:
  [[noreturn]] void fail(const char* what, int err);

  std::filesystem::path path_;
  std::string temporary_;
  int fd_ = -1;
  bool finished_ = false;
};

}  // namespace geofield
