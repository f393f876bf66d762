#include "export/values_digest.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace geofield {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the digest reads words as the little-endian bytes that are written");

std::uint64_t fnv1a_64(std::string_view bytes) {
  std::uint64_t h = kFnvOffset;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * kFnvPrime;
  return h;
}

void ValuesDigest::block(const unsigned char* b) {
  for (int l = 0; l < 4; ++l) {
    std::uint64_t w;
    std::memcpy(&w, b + 8 * l, 8);
    lanes_[l] = (lanes_[l] ^ w) * kFnvPrime;
  }
}

void ValuesDigest::update(const void* data, std::size_t bytes) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  total_ += bytes;
  if (pending_bytes_ > 0) {
    const std::size_t take = std::min(bytes, sizeof pending_ - pending_bytes_);
    std::memcpy(pending_ + pending_bytes_, p, take);
    pending_bytes_ += take;
    p += take;
    bytes -= take;
    if (pending_bytes_ < sizeof pending_) return;
    block(pending_);
    pending_bytes_ = 0;
  }
  for (; bytes >= sizeof pending_; p += sizeof pending_, bytes -= sizeof pending_) block(p);
  std::memcpy(pending_, p, bytes);
  pending_bytes_ = bytes;
}

std::uint64_t ValuesDigest::finish() const {
  std::uint64_t lanes[4] = {lanes_[0], lanes_[1], lanes_[2], lanes_[3]};
  if (pending_bytes_ > 0) {
    unsigned char last[32] = {};
    std::memcpy(last, pending_, pending_bytes_);
    for (int l = 0; l < 4; ++l) {
      std::uint64_t w;
      std::memcpy(&w, last + 8 * l, 8);
      lanes[l] = (lanes[l] ^ w) * kFnvPrime;
    }
  }
  char fold[40];
  std::memcpy(fold, lanes, 32);
  std::memcpy(fold + 32, &total_, 8);
  return fnv1a_64(std::string_view(fold, sizeof fold));
}

std::uint64_t values_digest(const void* data, std::size_t bytes) {
  ValuesDigest d;
  d.update(data, bytes);
  return d.finish();
}

std::string digest_text(std::uint64_t digest) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(digest));
  return text;
}

std::optional<std::uint64_t> parse_digest_text(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : text) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else {
      return std::nullopt;
    }
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  return v;
}

}  // namespace geofield
