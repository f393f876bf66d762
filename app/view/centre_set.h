// The window's centres as a value of the view state: the list is shared, never
// changed in place, so the copies the frame loop and the undo history make of the view cost a
// pointer, and a backend given the list (CentreList) keeps it while the view moves on. Equal
// when the lists are equal, whether or not they are the same list (the file they came from is
// not part of the value).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "centres.h"
#include "sites/centres_file.h"  // CentresFileRef

namespace geofield {

// The most centres a view holds: those of `render --centres`.
inline constexpr std::size_t kMaxViewCentres = kMaxCentres;
// Up to this many centres are written inline in the saved view, which is at most
// kMaxStateFileBytes (1 MiB; 1000 named centres take about 100 KB); more are saved as a
// reference to the file they came from (CentresFileRef), or not at all when the list is no
// longer that file's (an edit of a large set: Export CSV makes it a file's again).
inline constexpr std::size_t kMaxInlineCentres = 1000;
// Markers: one dot each while the view has at most this many centres; beyond, none (hundreds
// of thousands of dots are a grey smear and cost the frame; colour by centre shows the cells).
inline constexpr std::size_t kMaxCentreMarkers = 5000;
inline bool draws_centre_markers(std::size_t n) { return n > 0 && n <= kMaxCentreMarkers; }
// Names beside the markers (the window's map, figures) while there are at most this many
// centres: more names would cover the map.
inline constexpr std::size_t kNamedCentres = 40;

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

  // The file the list is (read from, or written to by Export CSV); null when the list is not a
  // file's (typed or clicked centres, or any edit of a file's list).
  const CentresFileRef* file() const { return file_.get(); }
  // The same list, known to be the file's (ref.count must be the list's size).
  CentreSet with_file(CentresFileRef ref) const {
    CentreSet out = *this;
    out.file_ = list_ ? std::make_shared<const CentresFileRef>(std::move(ref)) : nullptr;
    return out;
  }

  bool operator==(const CentreSet& o) const { return list_ == o.list_ || list() == o.list(); }

 private:
  CentreList list_;  // null, or a list of at least one centre
  std::shared_ptr<const CentresFileRef> file_;
};

}  // namespace geofield
