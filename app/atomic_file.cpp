#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

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

void write_file_atomically(const fs::path& path,
                           std::initializer_list<std::span<const std::uint8_t>> pieces) {
  std::string tmpl = path.string() + ".tmp-XXXXXX";
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) {
    throw RuntimeFailure("cannot create " + tmpl + ": " + std::strerror(errno));
  }
  auto fail = [&](const std::string& what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmpl.c_str());
    throw RuntimeFailure("cannot write " + path.string() + ": " + what + ": " +
                         std::strerror(err));
  };
  for (std::span<const std::uint8_t> piece : pieces) {
    const std::uint8_t* p = piece.data();
    size_t left = piece.size();
    while (left > 0) {
      const ssize_t n = ::write(fd, p, left);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail("write");
      }
      p += n;
      left -= static_cast<size_t>(n);
    }
  }
  // mkstemp makes 0600; a picture or data file should be readable like any other output.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) fail("fchmod");
  if (::fsync(fd) != 0) fail("fsync");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw RuntimeFailure("cannot write " + path.string() + ": close: " + std::strerror(err));
  }
  if (::rename(tmpl.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw RuntimeFailure("cannot rename " + tmpl + " to " + path.string() + ": " +
                         std::strerror(err));
  }
}

}  // namespace geofield
