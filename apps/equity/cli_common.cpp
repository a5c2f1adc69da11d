#include "cli_common.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <regex>
#include <system_error>

#include "equity/calculate.hpp"
#include "equity/error.hpp"
#include "equity/omaha_range.hpp"
#include "equity/range.hpp"
#include "equity/table_location.hpp"
#include "terminal.hpp"
#include "text_table.hpp"

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

// The kind of value an option takes, from CLI11's type name ("INT:NONNEGATIVE" -> "a whole number").
std::string expected_value(const CLI::App& app, const std::string& name) {
  const CLI::Option* option = app.get_option_no_throw(name);
  const std::string type = option ? option->get_type_name() : std::string();
  if (type.rfind("UINT", 0) == 0) return "a whole number, 0 or more";
  if (type.rfind("INT", 0) == 0) return "a whole number";
  if (type.rfind("FLOAT", 0) == 0) return "a number";
  return "a value";  // text: the option's help names the choices
}

// CLI11's messages in the project's words: one line naming the option and the bad value.
std::string plain_parse_error(const CLI::App& app, const CLI::ParseError& e) {
  const std::string text = e.what();
  std::smatch m;
  static const std::regex conversion(R"(Could not convert: (\S+) = (.*))");
  static const std::regex at_most(R"((\S+): At Most (\d+) required but received (\d+))");
  static const std::regex missing(R"((\S+): \d+ required \S+ missing)");
  static const std::regex expected(R"(Expected (?:exactly|at least) (\d+) arguments to (\S+), got (\d+))");
  static const std::regex range(R"((\S+): Value (\S+) not in range (\S+) to (\S+))");
  static const std::regex member(R"((\S+): (.*) not in \{(.*)\})");
  static const std::regex extras(R"(The following arguments? (?:was|were) not expected: (.*))");
  static const std::regex excludes(R"((\S+) excludes (\S+))");
  if (std::regex_match(text, m, conversion))
    return m[1].str() + ": \"" + m[2].str() + "\" is not " + expected_value(app, m[1].str());
  if (std::regex_match(text, m, at_most))
    return m[1].str() + " is given " + m[3].str() + " times; give it at most " +
           (m[2] == "1" ? "once" : m[2].str() + " times");
  if (std::regex_match(text, m, missing)) return m[1].str() + " needs " + expected_value(app, m[1].str());
  if (std::regex_match(text, m, expected)) return m[2].str() + " needs " + m[1].str() + " values, got " + m[3].str();
  if (std::regex_match(text, m, range))
    return m[1].str() + ": must be from " + m[3].str() + " to " + m[4].str() + ", not " + m[2].str();
  if (std::regex_match(text, m, member)) {
    std::string choices = std::regex_replace(m[3].str(), std::regex(","), ", ");
    return m[1].str() + ": \"" + m[2].str() + "\" is not one of " + choices;
  }
  if (std::regex_match(text, m, extras)) return "unexpected argument " + m[1].str();
  if (std::regex_match(text, m, excludes)) return m[1].str() + " and " + m[2].str() + " cannot be used together";
  return text;
}

// CLI11's help, wrapped to the terminal (at most 80 columns): option descriptions in a column of
// their own, the description and footer at spaces, each continuation indented like its line.
class WrappingFormatter : public CLI::Formatter {
 public:
  WrappingFormatter() {
    const int columns = terminal_columns(STDOUT_FILENO);
    width_ = columns > 40 && columns < 80 ? static_cast<std::size_t>(columns) : 80;
    column_width(26);
  }
  std::string make_option_desc(const CLI::Option* option) const override {
    return wrap(CLI::Formatter::make_option_desc(option), width_ - get_column_width());
  }
  std::string make_description(const CLI::App* app) const override {
    return wrap_each_line(CLI::Formatter::make_description(app));
  }
  std::string make_footer(const CLI::App* app) const override {
    return wrap_each_line(CLI::Formatter::make_footer(app));
  }

 private:
  // Each line wrapped alone, its continuation indented like the line, or in a two-column line
  // ("  name     what it does") like its second column.
  std::string wrap_each_line(const std::string& text) const {
    std::string out;
    for (const auto& line : reflowed(lines_of(text))) {
      std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
      if (indent > 0) {
        const std::size_t gap = line.find("  ", indent);
        const std::size_t second = gap == std::string::npos ? gap : line.find_first_not_of(' ', gap);
        if (second != std::string::npos && second < width_ / 2) indent = second;
      }
      out += wrap(line, width_, std::string(indent, ' ')) + "\n";
    }
    if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
    return out;
  }
  // Lines of running text (neither blank nor indented) joined into their paragraph's one line.
  static std::vector<std::string> reflowed(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    bool running = false;
    for (const auto& line : lines) {
      const bool text = !line.empty() && line.front() != ' ';
      if (text && running && !out.back().empty() && out.back().back() != ':')
        out.back() += " " + line;
      else
        out.push_back(line);
      running = text;
    }
    return out;
  }
  static std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    return lines;
  }
  std::size_t width_ = 80;
};

}  // namespace

CLI::Validator positive() { return bound_check(false, "POSITIVE"); }
CLI::Validator non_negative() { return bound_check(true, "NONNEGATIVE"); }

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [last, error] = std::from_chars(text.data(), end, value);
        if (!text.empty() && error == std::errc() && last == end && value <= kMaxSeed) return {};
        return "must be a whole number from 0 to " + std::to_string(kMaxSeed) + ", not " + text;
      },
      "SEED");
}

int run(CLI::App& app, const std::vector<std::string>& args, const std::function<int()>& body) {
  app.formatter(std::make_shared<WrappingFormatter>());
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    fmt::print("{}", app.help());
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    fmt::print("{}", app.help("", CLI::AppFormatMode::All));
    return 0;
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "equity: {} (see --help)\n", plain_parse_error(app, e));
    return 2;
  }
  try {
    return body();
  } catch (const InputError& e) {
    fmt::print(stderr, "equity: {}\n", e.what());
    return 2;
  } catch (const WriteError& e) {
    fmt::print(stderr, "equity: {}\n", e.what());
    return 1;
  } catch (const Cancelled&) {
    fmt::print(stderr, "equity: cancelled\n");
    return 130;
  }
}

void prepare_output_dir(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec && !std::filesystem::is_directory(dir, ec) && !ec) ec = std::make_error_code(std::errc::not_a_directory);
  if (ec) throw WriteError("cannot create directory " + dir.string() + ": " + ec.message());
  if (::access(dir.c_str(), W_OK) != 0)
    throw WriteError("cannot write into " + dir.string() + ": " + std::generic_category().message(errno));
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

namespace {

// Whether `text` has what only an Omaha hand or range has: the wildcard '*' or '$' of
// docs/ranges-omaha.md, three ranks in a row (AKQJ) or 4 to 6 cards (AsKsQhJh).
bool looks_like_omaha(const std::string& text) {
  if (text.find_first_of("*$") != std::string::npos) return true;
  int run = 0;
  for (const char c : text) {
    run = std::string_view("23456789TJQKA").find(c) != std::string_view::npos ? run + 1 : 0;
    if (run >= 3) return true;
  }
  try {
    const auto cards = parse_cards(text, "cards").size();
    return cards >= 4 && cards <= 6;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace

std::string with_omaha_hint(const std::string& message, const std::vector<std::string>& texts, Game game) {
  if (game_rules(game).range_grammar != RangeGrammar::classes) return message;  // ranges of classes only
  for (const auto& text : texts) {
    if (!looks_like_omaha(text)) continue;
    try {
      (void)Range::parse(text);
      continue;  // a Hold'em range after all
    } catch (const InputError&) {
    }
    // The first game of pattern ranges (high only: omaha, omaha5, omaha6) whose hands it reads.
    for (const Game other : games()) {
      const GameRules& rules = game_rules(other);
      if (rules.range_grammar != RangeGrammar::patterns || rules.low) continue;
      try {
        (void)OmahaRange::parse(text, rules.hole_cards);
        return message + "; for Omaha, add --game " + std::string(rules.name);
      } catch (const InputError&) {
      }
    }
  }
  return message;
}

std::string fixed(double x, int decimals) { return fmt::format("{:.{}f}", x, decimals); }

std::string fixed_with_commas(double x, int decimals) {
  const std::string text = fixed(x, decimals);
  const std::size_t digits = text.find_first_of("0123456789");
  if (digits == std::string::npos) return text;  // inf, nan
  const std::size_t end = std::min(text.find('.'), text.size());
  std::string out = text.substr(0, digits);
  for (std::size_t i = digits; i < end; ++i) {
    if (i != digits && (end - i) % 3 == 0) out += ',';  // a comma before each group of three from the right
    out += text[i];
  }
  return out + text.substr(end);
}

struct ThreadLimit::Impl {
  tbb::global_control control;
};

// With no limit oneTBB uses every core anyway; not creating the control leaves its scheduler
// unstarted on paths that never run in parallel (a process start costs less).
ThreadLimit::ThreadLimit(int threads)
    : impl_(threads > 0 ? new Impl{tbb::global_control(tbb::global_control::max_allowed_parallelism,
                                                       static_cast<std::size_t>(threads))}
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
