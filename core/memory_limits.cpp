#include "memory_limits.h"

#include <sys/statvfs.h>

#include <fstream>
#include <sstream>
#include <string>

#include "errors.h"

namespace geofield {

std::uint64_t available_host_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

std::optional<std::uint64_t> free_disk_bytes(const std::filesystem::path& folder) {
  struct statvfs fs {};
  if (::statvfs(folder.c_str(), &fs) != 0) return std::nullopt;
  return std::uint64_t(fs.f_bavail) * std::uint64_t(fs.f_frsize);
}

namespace {

std::string gib_text(std::uint64_t bytes) {
  std::ostringstream m;
  m.precision(3);
  m << bytes / 1073741824.0 << " GiB";
  return m.str();
}

}  // namespace

std::optional<std::string> disk_shortfall(const std::filesystem::path& file, std::uint64_t need) {
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  const std::optional<std::uint64_t> free = free_disk_bytes(folder);
  if (!free || need <= *free) return std::nullopt;
  return escaped_text(file.string()) + " needs about " + gib_text(need) +
         " on disk; its file system has " + gib_text(*free) + " free";
}

std::uint64_t netcdf_image_bytes(const FieldParams& p) {
  const std::uint64_t value = p.precision == Precision::f64 ? 8 : 4;
  const std::uint64_t coordinates = 8 * (std::uint64_t(p.nx) + std::uint64_t(p.ny));
  return node_count(p) * value + coordinates + (std::uint64_t{1} << 20);
}

std::uint64_t render_bytes_needed(const FieldParams& p, bool picture, bool netcdf) {
  const std::uint64_t n = node_count(p);
  const std::uint64_t value = p.precision == Precision::f64 ? 8 : 4;
  // float field on the host + the texture; the double field; the copy an export takes;
  // the RGBA8 picture and its encoded PNG (at most about as large again).
  const std::uint64_t per_node = 4 + 4 + (value == 8 ? 8 : 0) + value + (picture ? 4 + 4 : 0);
  return n * per_node + (netcdf ? netcdf_image_bytes(p) : 0);
}

void check_texture_size(const FieldParams& p, int max_texture_size, const std::string& way_out) {
  if (p.nx > max_texture_size || p.ny > max_texture_size) {
    std::ostringstream m;
    m << "--size: NX and NY must be at most " << max_texture_size
      << " with this OpenGL (GL_MAX_TEXTURE_SIZE); got " << p.nx << "x" << p.ny;
    if (!way_out.empty()) m << "; " << way_out;
    throw UsageError(m.str());
  }
}

std::optional<std::string> memory_shortfall(std::uint64_t need) {
  const std::uint64_t have = available_host_memory_bytes();
  if (have == 0 || need <= have) return std::nullopt;
  return "about " + gib_text(need) + " of memory; this machine has " + gib_text(have) +
         " available";
}

void check_size_fits(const FieldParams& p, int max_texture_size, bool picture, bool netcdf,
                     const std::string& way_out) {
  check_texture_size(p, max_texture_size, way_out);
  if (const auto shortfall = memory_shortfall(render_bytes_needed(p, picture, netcdf))) {
    throw UsageError("--size: " + std::to_string(p.nx) + "x" + std::to_string(p.ny) + " needs " +
                     *shortfall);
  }
}

}  // namespace geofield
