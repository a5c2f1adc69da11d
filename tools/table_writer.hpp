#pragma once
// What the build-time table generators (tablegen.cpp, game_tablegen.cpp) share: arrays written as
// plain integer initializers (quick to compile: a few tenths of a second per 100,000 values), and
// a file written whole or not at all.
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <span>
#include <string>

namespace equity::tablegen {

// The values comma-separated, 16 to a line.
template <class T>
void write_values(std::ostream& out, std::span<const T> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i % 16 == 0) out << "\n   ";
    out << ' ' << +values[i] << ',';
  }
}

// `alignas(64) const TYPE NAME[N] = {...};`
template <class T>
void write_array(std::ostream& out, const char* type, const char* name, std::span<const T> values) {
  out << "alignas(64) const " << type << " " << name << "[" << values.size() << "] = {";
  write_values(out, values);
  out << "\n};\n\n";
}

// `{{...}}`: the initializer of a std::array of the values.
template <class T>
void write_std_array(std::ostream& out, std::span<const T> values) {
  out << "{{";
  write_values(out, values);
  out << "\n}}";
}

// The initializer of a std::array of std::arrays: one inner array a line.
template <class Row>
void write_std_array_of_rows(std::ostream& out, std::span<const Row> rows) {
  out << "{{";
  for (const Row& row : rows) {
    out << "\n    {{";
    for (const auto& v : row) out << +v << ',';
    out << "}},";
  }
  out << "\n}}";
}

// Writes PATH by write(stream) into PATH.tmp, renamed when whole; false (said on stderr) if not.
inline bool write_file(const std::string& program, const std::string& path,
                       const std::function<void(std::ostream&)>& write) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp);
    write(out);
    if (!out) {
      std::cerr << program << ": cannot write " << temp << "\n";
      return false;
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::cerr << program << ": cannot rename " << temp << " to " << path << "\n";
    return false;
  }
  return true;
}

}  // namespace equity::tablegen
