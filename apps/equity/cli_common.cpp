#include "cli_common.hpp"

#include <tbb/global_control.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "equity/error.hpp"
#include "equity/table_location.hpp"

namespace equity::cli {

namespace {

CLI::Validator bound_check(bool allow_zero, std::string description) {
  return CLI::Validator(
      [allow_zero](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return {};  // CLI11 reports what does not convert
        if (value > 0 || (allow_zero && value == 0)) return {};
        return std::string(allow_zero ? "must be 0 or more" : "must be above 0") + ", not " + text;
      },
      std::move(description));
}

}  // namespace

CLI::Validator positive() { return bound_check(false, "POSITIVE"); }
CLI::Validator non_negative() { return bound_check(true, "NONNEGATIVE"); }

int run(CLI::App& app, const std::vector<std::string>& args, const std::function<int()>& body) {
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "equity: " << e.what() << " (see --help)\n";
    return 2;
  }
  try {
    return body();
  } catch (const InputError& e) {
    std::cerr << "equity: " << e.what() << "\n";
    return 2;
  } catch (const Cancelled&) {
    std::cerr << "equity: cancelled\n";
    return 130;
  }
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';  // a comma before each group of three from the right
    out += digits[i];
  }
  return out;
}

std::string with_commas(std::int64_t n) {
  return n < 0 ? "-" + with_commas(static_cast<std::uint64_t>(-n)) : with_commas(static_cast<std::uint64_t>(n));
}

std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

struct ThreadLimit::Impl {
  tbb::global_control control;
};

// With no limit oneTBB uses every core anyway; not creating the control leaves its scheduler
// unstarted on paths that never run in parallel (a process start costs less).
ThreadLimit::ThreadLimit(int threads)
    : impl_(threads > 0 ? new Impl{tbb::global_control(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads))}
                        : nullptr) {}

ThreadLimit::~ThreadLimit() { delete impl_; }

std::filesystem::path default_table_dir() {
  const auto dir = find_table();
  return dir ? *dir : std::filesystem::path("results");
}

std::string format_duration(double seconds) {
  if (seconds < 1e-3) return fixed(seconds * 1e6, 0) + " us";
  if (seconds < 1.0) return fixed(seconds * 1e3, 2) + " ms";
  return fixed(seconds, 2) + " s";
}

}  // namespace equity::cli
