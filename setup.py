# scikit-build's entry point (see pyproject.toml): builds only the library and the module
# (target install-python in python/CMakeLists.txt), not the program, tests or benchmarks.
import sys

try:
    import numpy  # noqa: F401  (Debian's python3-numpy)
    import pybind11  # noqa: F401  (Debian's pybind11-dev / python3-pybind11)
    from skbuild import setup  # Debian's python3-skbuild
except ImportError as missing:
    sys.exit(
        f"equity: {sys.executable} (Python {sys.version.split()[0]}) cannot build this package: "
        f"{missing}.\n"
        "It builds with Debian's Python 3 and its packages (scripts/setup.sh installs them). A "
        "python3 from pyenv, conda or a venv made with it does not see them; make a fresh venv "
        "with Debian's interpreter and install from it:\n"
        "  /usr/bin/python3 -m venv --clear --system-site-packages .venv && . .venv/bin/activate\n"
        "  pip install --no-build-isolation --no-index -v .\n"
    )

setup(
    name="equity",
    version="0.1.0",
    description="Exact Texas Hold'em equity: hands, ranges, the preflop table, Monte Carlo",
    packages=["equity"],
    package_dir={"": "python"},
    package_data={"equity": ["__init__.pyi", "py.typed"]},
    cmake_install_dir="python",
    cmake_install_target="install-python",
    cmake_args=[
        "-DCMAKE_BUILD_TYPE=Release",
        "-DEQUITY_PYTHON=ON",
        "-DEQUITY_BUILD_TESTS=OFF",
        "-DEQUITY_BUILD_BENCHMARKS=OFF",
    ],
    install_requires=["numpy"],
    python_requires=">=3.9",
)
