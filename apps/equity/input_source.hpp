#pragma once
// The input of the line-oriented commands (duel, psychic): a file, or standard input for "-" or
// no file. The name is the one used in messages ("p054_poker.txt line 3: ...").
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "equity/error.hpp"

namespace equity::cli {

class InputSource {
 public:
  explicit InputSource(const std::string& path) {
    if (path.empty() || path == "-") {
      name_ = "stdin";
      return;
    }
    name_ = path;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read " + path + ": it is a directory");
    file_ = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file_) throw InputError("cannot open " + path + ": no such file or not readable");
  }
  std::istream& stream() { return file_ ? *file_ : std::cin; }
  const std::string& name() const { return name_; }

 private:
  std::unique_ptr<std::ifstream> file_;
  std::string name_;
};

}  // namespace equity::cli
