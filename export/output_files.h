// The outputs of one run written whole and flushed, then all named together, so that all appear
// or none: a failure while writing one (a full disk) leaves none of them.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "export/atomic_file.h"
#include "export/output_kinds.h"

namespace geofield {

class OutputFiles {
 public:
  // Writes kind's file at path from data (its temporary, flushed; not yet named), and its
  // sidecar when it has one (OutputKind::sidecar), named with it.
  void write(const OutputKind& kind, const std::filesystem::path& path, const OutputData& data);
  // Names every file in the order written; when `say`, one line each on stderr:
  // "geofield: wrote PATH (summary)".
  void commit(bool say);

 private:
  struct Written {
    std::unique_ptr<AtomicFile> file;
    std::filesystem::path path;
    std::string summary;
  };
  std::vector<Written> written_;
};

}  // namespace geofield
