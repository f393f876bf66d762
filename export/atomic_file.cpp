#include "export/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <string>
#include <utility>

#include "errors.h"

namespace geofield {
namespace fs = std::filesystem;

namespace {

// What a message quotes of a path: enough for the whole of most paths (the window shows them
// in its status bar), bounded so a message stays one short line.
constexpr std::size_t kPathQuoteBytes = 100;

fs::path folder_of(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

std::string_view kind_of(fs::file_type t) {
  switch (t) {
    case fs::file_type::directory: return "a folder";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    case fs::file_type::fifo: return "a named pipe";
    case fs::file_type::socket: return "a socket";
    default: return "not a regular file";
  }
}

// The file a write to `path` replaces: through symbolic links, so a link keeps pointing at the
// new content instead of being replaced by a plain file.
// A dangling link names the file to create. Link loops stop at the loader's limit of 40;
// the write then fails on the loop with its own message.
fs::path through_links(fs::path path) {
  std::error_code ec;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(path, ec)); ++hops) {
    const fs::path next = fs::read_symlink(path, ec);
    if (ec) break;
    path = next.is_absolute() ? next : folder_of(path) / next;
  }
  return path;
}

// What is at the target now, when it is something a write must not replace (a device, a
// pipe, a folder); empty when it is a regular file or nothing.
std::string_view unreplaceable(const fs::path& target) {
  std::error_code ec;
  const fs::file_status st = fs::status(target, ec);
  if (ec || st.type() == fs::file_type::not_found || st.type() == fs::file_type::regular) return {};
  return kind_of(st.type());
}

// A short random name beside the target for the moment between writing and renaming: short,
// so that any name the folder accepts for the target still leaves room for it.
std::string scratch_name(const fs::path& folder) {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::string name = ".geofield-";
  for (int k = 0; k < 8; ++k) name += kLetters[random() % (sizeof kLetters - 1)];
  return (folder / name).string();
}

// After a rename the new name lives in the folder's own data: syncing the folder is what
// makes a finished export survive a power cut. Best effort: the file is whole and in place
// already, and some file systems cannot sync a folder.
void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// The deepest existing part of `dir` when it is not a folder: a file where a folder should be
// (ENOTDIR); empty when every existing part is a folder.
fs::path file_in_the_way(const fs::path& dir) {
  std::error_code ec;
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    const fs::file_status st = fs::status(p, ec);
    if (fs::exists(st)) return fs::is_directory(st) ? fs::path() : p;
    if (p == p.parent_path()) break;
  }
  return {};
}

}  // namespace

void check_writable(const fs::path& requested, const char* option) {
  const std::string shown = quoted_excerpt(requested.string(), kPathQuoteBytes);
  if (requested.empty()) throw UsageError(std::string(option) + ": empty file name");
  const fs::path path = through_links(requested);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw UsageError(std::string(option) + ": " + shown + " is a folder, not a file name");
  }
  if (const std::string_view kind = unreplaceable(path); !kind.empty()) {
    throw UsageError(std::string(option) + ": " + shown + " is " + std::string(kind) +
                     "; geofield writes regular files (it replaces the file whole)");
  }
  const fs::path dir = folder_of(path);
  if (!fs::is_directory(dir, ec)) {
    const fs::path in_the_way = file_in_the_way(dir);
    throw UsageError(
        std::string(option) + ": cannot write " + shown + ": " +
        (in_the_way.empty()
             ? "folder " + quoted_excerpt(dir.string(), kPathQuoteBytes) + " does not exist"
             : quoted_excerpt(in_the_way.string(), kPathQuoteBytes) + " is a file, not a folder"));
  }
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  const std::size_t name_bytes = path.filename().string().size();
  if (name_max > 0 && name_bytes > static_cast<std::size_t>(name_max)) {
    throw UsageError(std::string(option) + ": the file name is " + std::to_string(name_bytes) +
                     " bytes; folder " + quoted_excerpt(dir.string(), kPathQuoteBytes) +
                     " accepts names of 1 to " + std::to_string(name_max) + " bytes");
  }
  // Try what the write will do, a temporary file beside the target: access() says yes to
  // root for folders where no file can be created (/proc, /sys).
  std::string probe = (dir / ".geofield-probe-XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) {
    throw UsageError(std::string(option) + ": cannot write " + shown +
                     ": cannot create a file in folder " +
                     quoted_excerpt(dir.string(), kPathQuoteBytes) + ": " + std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

bool AtomicFile::unnamed_allowed_ = true;

AtomicFile::AtomicFile(fs::path path) : path_(through_links(path)) {
  if (const std::string_view kind = unreplaceable(path_); !kind.empty()) {
    throw RuntimeFailure("cannot write " + escaped_text(path_.string()) + ": it is " +
                         std::string(kind));
  }
  const fs::path folder = folder_of(path_);
  // An unnamed file in the target's folder: it has no name until commit() links it in, so a
  // process killed mid-write leaves nothing behind. Linking goes through /proc/self/fd.
  if (unnamed_allowed_ && ::access("/proc/self/fd", X_OK) == 0) {
    fd_ = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
    if (fd_ >= 0) {
      unnamed_ = true;
      temporary_ = "/proc/self/fd/" + std::to_string(fd_);
      return;
    }
    // EOPNOTSUPP, EISDIR, EINVAL: the file system has no unnamed files; name one instead.
  }
  for (int attempt = 0; fd_ < 0; ++attempt) {
    temporary_ = scratch_name(folder);
    fd_ = ::open(temporary_.c_str(), O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
    if (fd_ < 0 && (errno != EEXIST || attempt > 100)) {
      const int err = errno;
      temporary_.clear();
      throw RuntimeFailure("cannot write " + escaped_text(path_.string()) +
                           ": cannot create a file in " + escaped_text(folder.string()) + ": " +
                           std::strerror(err));
    }
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);  // an unnamed temporary vanishes with its last descriptor
  // Not committed (an exception on the way): a named temporary goes. After commit() or a
  // failure that cleaned up, temporary_ is empty.
  if (!unnamed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void AtomicFile::fail(const char* what, int err) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!unnamed_) ::unlink(temporary_.c_str());
  temporary_.clear();
  throw RuntimeFailure("cannot write " + escaped_text(path_.string()) + ": " + what + ": " +
                       std::strerror(err));
}

void AtomicFile::write_at(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
  const std::uint8_t* p = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::pwrite(fd_, p, left, static_cast<off_t>(offset));
    if (n < 0) {
      if (errno == EINTR) continue;
      // Not fail(): other threads may still be writing to fd_; the destructor cleans up.
      throw RuntimeFailure("cannot write " + escaped_text(path_.string()) +
                           ": write: " + std::strerror(errno));
    }
    p += n;
    offset += static_cast<std::uint64_t>(n);
    left -= static_cast<size_t>(n);
  }
}

void AtomicFile::finish() {
  if (finished_) return;
  finished_ = true;
  // A named temporary is made 0600; a picture or data file should be readable like any other.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_, 0666 & ~mask) != 0) fail("fchmod", errno);
  // The rename makes the name atomic, not the data: without fsync a crash soon after can
  // leave the new name on an empty or partial file (ext4 and xfs write data later than the
  // rename). Free on tmpfs, where the benchmark writes; on a disk it is the disk's time.
  if (::fsync(fd_) != 0) fail("fsync", errno);
  if (unnamed_) return;  // its descriptor is its only handle until commit() links it in
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", errno);
}

void AtomicFile::commit() {
  finish();
  const fs::path folder = folder_of(path_);
  if (unnamed_) {
    // linkat cannot replace a name, so the file gets a scratch name for the moment before
    // the rename that puts it over the target atomically.
    std::string scratch;
    for (int attempt = 0;; ++attempt) {
      scratch = scratch_name(folder);
      if (::linkat(AT_FDCWD, temporary_.c_str(), AT_FDCWD, scratch.c_str(), AT_SYMLINK_FOLLOW) ==
          0) {
        break;
      }
      if (errno != EEXIST || attempt > 100) fail("link", errno);
    }
    ::close(fd_);
    fd_ = -1;
    temporary_ = std::move(scratch);
    unnamed_ = false;  // from here it is a named temporary: the rename's failure unlinks it
  }
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    const std::string temporary = std::move(temporary_);
    temporary_.clear();
    ::unlink(temporary.c_str());
    throw RuntimeFailure("cannot rename " + escaped_text(temporary) + " to " +
                         escaped_text(path_.string()) + ": " + std::strerror(err));
  }
  temporary_.clear();
  sync_folder(folder);
}

void write_file_atomically(const fs::path& path,
                           std::initializer_list<std::span<const std::uint8_t>> pieces) {
  AtomicFile file(path);
  std::uint64_t offset = 0;
  for (std::span<const std::uint8_t> piece : pieces) {
    file.write_at(offset, piece);
    offset += piece.size();
  }
  file.commit();
}

}  // namespace geofield
