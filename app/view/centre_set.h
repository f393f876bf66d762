// The window's centres (issue 16) as a value of the view state: the list is shared, never
// changed in place, so the copies the frame loop and the undo history make of the view cost a
// pointer, and a backend given the list (CentreList) keeps it while the view moves on. Equal
// when the lists are equal, whether or not they are the same list.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "backends/centres_field_backend.h"
#include "centres.h"

namespace geofield {

// The most centres a view holds: they are written inline in the saved view, which is at most
// kMaxStateFileBytes (1 MiB); 1000 named centres take about 100 KB. `render --centres` takes
// up to kMaxCentres.
inline constexpr std::size_t kMaxViewCentres = 1000;

class CentreSet {
 public:
  CentreSet() = default;
  explicit CentreSet(std::vector<Centre> list)
      : list_(list.empty() ? nullptr
                           : std::make_shared<const std::vector<Centre>>(std::move(list))) {}

  bool empty() const { return !list_; }
  std::size_t size() const { return list_ ? list_->size() : 0; }
  const Centre& operator[](std::size_t k) const { return (*list_)[k]; }
  // The list (empty when there are none).
  const std::vector<Centre>& list() const {
    static const std::vector<Centre> kNone;
    return list_ ? *list_ : kNone;
  }
  // The list to give a backend; null when there are none.
  const CentreList& shared() const { return list_; }

  bool operator==(const CentreSet& o) const { return list_ == o.list_ || list() == o.list(); }

 private:
  CentreList list_;  // null, or a list of at least one centre
};

}  // namespace geofield
