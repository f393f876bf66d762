// Files appear whole or not at all: written to an unnamed file in the target's folder
// (O_TMPFILE; a short scratch name where the file system has none), linked in and renamed over
// the target when whole, the folder synced after. A failure or a kill leaves nothing behind
// (a kill leaves a named scratch file only where unnamed files are not available). A symbolic
// link is written through; a target that is not a regular file (a device, a pipe) is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace geofield {

// Throws UsageError naming `option` when path cannot be written (missing or unwritable
// folder, a folder, device or pipe in the way, a name longer than the folder accepts). Called
// before any work so bad paths fail fast.
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
  // A path that opens the temporary, for a writer that must open the file itself (libtiff;
  // /proc/self/fd/N for an unnamed one): what it writes there is flushed by finish() and
  // renamed by commit() like the rest.
  const std::string& temporary_path() const { return temporary_; }
  const std::filesystem::path& target() const { return path_; }

  // Tests only: false makes new files take the named fallback, as on a file system without
  // unnamed files.
  static void allow_unnamed_temporaries(bool allowed) { unnamed_allowed_ = allowed; }

 private:
  [[noreturn]] void fail(const char* what, int err);

  std::filesystem::path path_;
  std::string temporary_;
  int fd_ = -1;
  bool finished_ = false;
  bool unnamed_ = false;  // O_TMPFILE: no name until commit()
  static bool unnamed_allowed_;
};

}  // namespace geofield
