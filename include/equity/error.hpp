#pragma once
// Errors raised at the library boundary. Apps catch InputError in main, print its message on one
// line to stderr and exit with code 2.
#include <stdexcept>
#include <string>

namespace equity {

// Bad user input: an unparsable card, hand, range or option value, or an impossible request.
// The message names the offending token and says why.
class InputError : public std::runtime_error {
public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace equity
