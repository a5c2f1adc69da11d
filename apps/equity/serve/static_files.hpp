#pragma once
// The page's files `equity serve` answers: exactly the regular files found in the web directory at
// start-up (not under tests/, nor hidden, nor through a symbolic link), by their path, with a type
// known from their extension. Nothing else on disk can be named: a request path is looked up as
// it is, never joined to a directory.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace equity::serve {

class StaticFiles {
 public:
  StaticFiles() = default;
  explicit StaticFiles(const std::filesystem::path& web_dir);

  struct File {
    std::string content;
    std::string type;  // Content-Type
  };
  // The file at a request path ("/" is /index.html); nullopt when it is not one of the page's files.
  std::optional<File> find(std::string_view path) const;
  bool contains(std::string_view path) const;

 private:
  struct Entry {
    std::filesystem::path file;
    std::string type;
  };
  std::map<std::string, Entry, std::less<>> files_;
};

}  // namespace equity::serve
