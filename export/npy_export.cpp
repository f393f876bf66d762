#include "export/npy_export.h"

#include <bit>
#include <cstdint>

#include "export/atomic_file.h"

namespace geofield {

static_assert(std::endian::native == std::endian::little, "npy descr below says little-endian");

namespace {

// The header of a C-order (ny, nx) array of the type `descr` ('<f4', '<f8', '<i4').
std::string npy_header_of(const char* descr, int nx, int ny) {
  std::string dict = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (" +
                     std::to_string(ny) + ", " + std::to_string(nx) + "), }";
  const size_t preamble = 10;  // magic (6) + version (2) + header length (2)
  size_t total = preamble + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict.push_back('\n');
  const auto len = static_cast<std::uint16_t>(dict.size());
  std::string h("\x93NUMPY\x01\x00", 8);
  h.push_back(static_cast<char>(len & 0xff));
  h.push_back(static_cast<char>(len >> 8));
  return h + dict;
}

}  // namespace

std::string npy_header(const HostField& field) {
  return npy_header_of(field.precision == Precision::f64 ? "<f8" : "<f4", field.nx, field.ny);
}

namespace {

void write_array_into(AtomicFile& file, const char* descr, int nx, int ny, const void* values,
                      std::size_t bytes) {
  const std::string header = npy_header_of(descr, nx, ny);
  file.write_at(0, std::span(reinterpret_cast<const std::uint8_t*>(header.data()), header.size()));
  file.write_at(header.size(), std::span(static_cast<const std::uint8_t*>(values), bytes));
}

}  // namespace

void write_npy_int32_into(AtomicFile& file, int nx, int ny, std::span<const std::int32_t> values) {
  write_array_into(file, "<i4", nx, ny, values.data(), values.size_bytes());
}

void write_npy_float32_into(AtomicFile& file, int nx, int ny, std::span<const float> values) {
  write_array_into(file, "<f4", nx, ny, values.data(), values.size_bytes());
}

void write_npy_into(AtomicFile& file, const HostField& field) {
  const std::string header = npy_header(field);
  const size_t count = static_cast<size_t>(field.nx) * static_cast<size_t>(field.ny);
  const void* values = field.precision == Precision::f64
                           ? static_cast<const void*>(field.f64.data())
                           : static_cast<const void*>(field.f32.data());
  const size_t size = count * (field.precision == Precision::f64 ? sizeof(double) : sizeof(float));
  file.write_at(0, std::span(reinterpret_cast<const std::uint8_t*>(header.data()), header.size()));
  file.write_at(header.size(), std::span(static_cast<const std::uint8_t*>(values), size));
}

void write_npy(const std::filesystem::path& path, const HostField& field) {
  AtomicFile file(path);
  write_npy_into(file, field);
  file.commit();
}

}  // namespace geofield
