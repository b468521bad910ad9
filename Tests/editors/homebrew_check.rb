# Runs editors/homebrew/mockls.rb, filled in by fill-formula.sh, the way `brew install` would, without Homebrew
# (which cannot be installed here): a stand-in for Homebrew's formula DSL loads it, checks its source tarball and
# checksum, unpacks it, runs the formula's `install` in it and then its `test do` block for real.
#
#   ruby homebrew_check.rb FORMULA TARBALL MOCKLS
#
# The one step not run as written is `swift build --configuration release`: a release build takes minutes, so the
# binary under test (MOCKLS) stands in for its product, after the harness checks the command names a product of
# Package.swift. Prints "ok" and exits 0 when every step passes.
require "digest"
require "fileutils"
require "pathname"
require "tmpdir"

formula_path, tarball, mockls = ARGV
abort "usage: ruby homebrew_check.rb FORMULA TARBALL MOCKLS" unless formula_path && tarball && mockls
MOCKLS = File.expand_path(mockls)

# What a formula file sees of Homebrew.
module OS
  def self.linux? = RUBY_PLATFORM.include?("linux")
  def self.mac? = RUBY_PLATFORM.include?("darwin")
end

class Formula
  class << self
    attr_reader :fields, :dependencies, :test_block

    def inherited(subclass)
      super
      subclass.instance_variable_set(:@fields, {})
      subclass.instance_variable_set(:@dependencies, [])
      $formula_class = subclass
    end

    %i[desc homepage url sha256 version license].each do |field|
      define_method(field) { |value| @fields[field] = value }
    end

    def depends_on(dependency) = @dependencies << dependency
    def uses_from_macos(dependency) = @dependencies << dependency
    # The platform blocks hold dependencies only; both are read, as `brew audit` reads both.
    def on_macos(&block) = instance_eval(&block)
    def on_linux(&block) = instance_eval(&block)
    def test(&block) = @test_block = block
  end

  # A path with Homebrew's additions: `install` copies files and folders into it; `write` creates the folders above
  # and will not overwrite (Homebrew's extend/pathname.rb).
  class InstallPath < Pathname
    def write(content, *rest)
      raise "Will not overwrite #{self}" if exist?
      dirname.mkpath
      super
    end

    def install(*paths)
      FileUtils.mkdir_p(self)
      paths.each do |path|
        raise "install: #{path} does not exist in #{Dir.pwd}" unless File.exist?(path)
        FileUtils.cp_r(path, self)
      end
    end

    def /(other) = InstallPath.new(super.to_s)
  end

  attr_reader :prefix

  def initialize(prefix)
    @prefix = InstallPath.new(prefix)
  end

  def bin = prefix / "bin"
  def pkgshare = prefix / "share" / "mockls"
  def version = self.class.fields[:version]
  def testpath = InstallPath.new(@testpath)

  def system(*command)
    if command.first(2) == %w[swift build]
      product = command[command.index("--product") + 1]
      manifest = File.read("Package.swift")
      raise "no product #{product} in Package.swift" unless manifest.include?(".executable(name: \"#{product}\"")
      raise "the formula must build in release" unless command.each_cons(2).include?(%w[--configuration release])
      # swift is only a build dependency on Linux: the binary must not need its runtime once installed.
      raise "the formula must link the Swift runtime in on Linux" if OS.linux? && !command.include?("--static-swift-stdlib")
      FileUtils.mkdir_p(".build/release")
      FileUtils.cp(MOCKLS, ".build/release/#{product}")
      return true
    end
    Kernel.system(*command) || raise("failed: #{command.join(" ")}")
  end

  def shell_output(command, status = 0)
    output = `#{command}`
    raise "#{command}: exit #{$?.exitstatus}, expected #{status}\n#{output}" unless $?.exitstatus == status
    output
  end

  def assert_match(expected, actual)
    matches = expected.is_a?(Regexp) ? expected.match?(actual) : actual.include?(expected)
    raise "expected #{expected.inspect} in:\n#{actual}" unless matches
  end

  def run_test
    Dir.mktmpdir("testpath") do |dir|
      @testpath = dir
      Dir.chdir(dir) { instance_eval(&self.class.test_block) }
    end
  end
end

load File.expand_path(formula_path)
formula_class = $formula_class or abort "#{formula_path} defines no formula"
fields = formula_class.fields

expected_url = "file://#{File.expand_path(tarball)}"
abort "url: #{fields[:url].inspect}, expected #{expected_url}" unless fields[:url] == expected_url
actual_sum = Digest::SHA256.file(tarball).hexdigest
abort "sha256: #{fields[:sha256].inspect}, the tarball's is #{actual_sum}" unless fields[:sha256] == actual_sum
abort "no json-c dependency" unless formula_class.dependencies.include?("json-c")
abort "no test block" unless formula_class.test_block

Dir.mktmpdir("brew") do |work|
  source = File.join(work, "source")
  FileUtils.mkdir_p(source)
  Kernel.system("tar", "-xzf", File.expand_path(tarball), "-C", source, "--strip-components=1") || abort("cannot unpack #{tarball}")
  formula = formula_class.new(File.join(work, "prefix"))
  Dir.chdir(source) { formula.install }
  installed = formula.bin / "mockls"
  abort "install put no executable at #{installed}" unless installed.executable?
  abort "install left out the editor set-ups" unless (formula.pkgshare / "editors" / "nvim").directory?
  # Every file of the source's editors/ (the Emacs set-ups load mockls-fallback-modes.el from their own folder).
  shipped = Dir.chdir(source) { Dir.glob("editors/**/*", File::FNM_DOTMATCH).select { |path| File.file?(path) } }
  missing = shipped.reject { |path| (formula.pkgshare / path).file? }
  abort "install left out #{missing.join(", ")}" unless missing.empty?
  abort "install left out the Emacs set-ups" unless shipped.include?("editors/emacs/mockls.el")
  formula.run_test
end
puts "ok"
