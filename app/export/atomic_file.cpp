#include "export/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "errors.h"

namespace geofield {
namespace fs = std::filesystem;

void check_writable(const fs::path& path, const char* option) {
  const std::string shown = path.string();
  if (path.empty()) throw UsageError(std::string(option) + ": empty file name");
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw UsageError(std::string(option) + ": " + shown + " is a folder, not a file name");
  }
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) {
    throw UsageError(std::string(option) + ": folder " + dir.string() + " does not exist");
  }
  // Try what the write will do, a temporary file beside the target: access() says yes to
  // root for folders where no file can be created (/proc, /sys).
  std::string probe = (dir / ".geofield-probe-XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) {
    throw UsageError(std::string(option) + ": cannot write in folder " + dir.string() + ": " +
                     std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

AtomicFile::AtomicFile(fs::path path) : path_(std::move(path)) {
  temporary_ = path_.string() + ".tmp-XXXXXX";
  fd_ = ::mkstemp(temporary_.data());
  if (fd_ < 0) {
    throw RuntimeFailure("cannot create " + temporary_ + ": " + std::strerror(errno));
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  // Not committed (an exception on the way): the temporary goes. After commit() or a failure
  // that cleaned up, temporary_ is empty.
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

void AtomicFile::fail(const char* what, int err) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(temporary_.c_str());
  temporary_.clear();
  throw RuntimeFailure("cannot write " + path_.string() + ": " + what + ": " + std::strerror(err));
}

void AtomicFile::write_at(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
  const std::uint8_t* p = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::pwrite(fd_, p, left, static_cast<off_t>(offset));
    if (n < 0) {
      if (errno == EINTR) continue;
      // Not fail(): other threads may still be writing to fd_; the destructor cleans up.
      throw RuntimeFailure("cannot write " + path_.string() + ": write: " + std::strerror(errno));
    }
    p += n;
    offset += static_cast<std::uint64_t>(n);
    left -= static_cast<size_t>(n);
  }
}

void AtomicFile::finish() {
  if (finished_) return;
  finished_ = true;
  // mkstemp makes 0600; a picture or data file should be readable like any other output.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_, 0666 & ~mask) != 0) fail("fchmod", errno);
  // The rename makes the name atomic, not the data: without fsync a crash soon after can
  // leave the new name on an empty or partial file (ext4 and xfs write data later than the
  // rename). Free on tmpfs, where the benchmark writes; on a disk it is the disk's time.
  if (::fsync(fd_) != 0) fail("fsync", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", errno);
}

void AtomicFile::commit() {
  finish();
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    const std::string temporary = std::move(temporary_);
    temporary_.clear();
    ::unlink(temporary.c_str());
    throw RuntimeFailure("cannot rename " + temporary + " to " + path_.string() + ": " +
                         std::strerror(err));
  }
  temporary_.clear();
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
