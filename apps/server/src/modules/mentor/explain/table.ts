import type { MentorCodeLanguage } from "@koc/shared";

/** One common error: how to recognise it, what it means in plain words, and the section that teaches it. */
export interface KnownError {
  id: string;
  language: MentorCodeLanguage;
  /** Tested against the error's first line (javac's message, the exception and its message). */
  pattern: RegExp;
  /** What the message means, for a beginner. */
  meaning: string;
  /** What to look at or try (never the fixed code). */
  next: string;
  materialId: string;
  /** The heading in that lesson, exactly as written. */
  section: string;
}

const java = (slug: string) => `java-programming--${slug}`;
const python = (slug: string) => `python-programming--${slug}`;
const js = (slug: string) => `javascript-fundamentals--${slug}`;

/**
 * The most common Java, Python and JavaScript errors a beginner meets, first match wins within a
 * language (so a narrow shape of TypeError comes before the general one). Every section is checked
 * against the lessons by table.test.ts.
 */
export const KNOWN_ERRORS: KnownError[] = [
  // Java: javac
  {
    id: "java-cannot-find-class",
    language: "java",
    pattern: /cannot find symbol[\s\S]*?symbol:\s+class\b|cannot find symbol:? class\b/,
    meaning:
      "javac does not know the class this line names: a class from another package, such as Scanner or ArrayList, must be imported before its simple name can be used.",
    next: "Add its import at the top of the file (import java.util.Scanner;), and check the class name's spelling and capitals.",
    materialId: java("packages-and-imports"),
    section: "Importing Classes",
  },
  {
    id: "java-cannot-find-symbol",
    language: "java",
    pattern: /cannot find symbol/,
    meaning:
      "javac met a name it does not know: a variable, method or class that is not declared where this line can see it.",
    next: "Check the spelling and capitals, that the variable is declared before this line and inside a block that reaches it, and that any class you use is imported.",
    materialId: java("methods"),
    section: "Local Variables and Scope",
  },
  {
    id: "java-semicolon-expected",
    language: "java",
    pattern: /';' expected/,
    meaning: "Every Java statement ends with a semicolon, and javac reached the end of a statement without one.",
    next: "Look at the end of the line it names, or the line just before it.",
    materialId: java("introduction-to-java"),
    section: "Anatomy of Hello World",
  },
  {
    id: "java-missing-return",
    language: "java",
    pattern: /missing return statement/,
    meaning:
      "The method promises to return a value, but there is a way through it that reaches the closing brace without a return.",
    next: "Follow every path: an if without an else, or the end of a loop, needs a return too.",
    materialId: java("methods"),
    section: "Parameters, Arguments and return",
  },
  {
    id: "java-lossy-conversion",
    language: "java",
    pattern: /possible lossy conversion/,
    meaning:
      "You put a wider number type (such as double or long) into a narrower one (such as int), which could lose part of the value, so Java wants you to say so.",
    next: "Decide whether losing the fraction or the high digits is what you want; if so, cast explicitly.",
    materialId: java("type-conversion-and-casting"),
    section: "Narrowing Conversions: Casting",
  },
  {
    id: "java-incompatible-types",
    language: "java",
    pattern: /incompatible types/,
    meaning: "A value of one type is used where another type is expected, for example a String stored in an int.",
    next: "Compare the declared type on the left with the value on the right; text becomes a number with Integer.parseInt, not with a cast.",
    materialId: java("type-conversion-and-casting"),
    section: "Converting Between Strings and Numbers",
  },
  {
    id: "java-not-initialized",
    language: "java",
    pattern: /might not have been initialized/,
    meaning:
      "A local variable is read before it has surely been given a value; Java does not give local variables a default.",
    next: "Give it a value where you declare it, or make sure every branch assigns it before it is read.",
    materialId: java("variables-and-data-types"),
    section: "What Is a Variable?",
  },
  {
    id: "java-unreachable",
    language: "java",
    pattern: /unreachable statement/,
    meaning:
      "This statement can never run: it comes after a return, break, continue or throw, or after a loop that never ends.",
    next: "Move it before the return (or the break), or remove it.",
    materialId: java("break-continue-and-nested-loops"),
    section: "break: Leave the Loop Now",
  },
  {
    id: "java-static-context",
    language: "java",
    pattern: /non-static (variable|method) .* cannot be referenced from a static context/,
    meaning:
      "main is static: it belongs to the class, not to an object, so it cannot use an instance field or method directly.",
    next: "Create an object and call the method on it, or make the member static if it belongs to the class.",
    materialId: java("static-members"),
    section: "Instance Members versus Static Members",
  },
  {
    id: "java-unreported-exception",
    language: "java",
    pattern: /unreported exception/,
    meaning: "This call can throw a checked exception, and Java insists that you either handle it or declare it.",
    next: "Wrap the call in try/catch, or add throws to the method's signature.",
    materialId: java("checked-unchecked-and-custom-exceptions"),
    section: "Checked versus Unchecked",
  },
  {
    id: "java-public-class-file",
    language: "java",
    pattern: /is public, should be declared in a file named/,
    meaning: "A public class must live in a file with exactly its name (class Main in Main.java).",
    next: "Rename the class to match the file (here, Main), or make the class not public.",
    materialId: java("introduction-to-java"),
    section: "Anatomy of Hello World",
  },
  {
    id: "java-end-of-file",
    language: "java",
    pattern: /reached end of file while parsing/,
    meaning: "The file ended while a block was still open: a closing brace } is missing.",
    next: "Count the opening and closing braces; indenting each block makes the missing one easy to see.",
    materialId: java("introduction-to-java"),
    section: "Anatomy of Hello World",
  },
  {
    id: "java-else-without-if",
    language: "java",
    pattern: /'else' without 'if'/,
    meaning:
      "javac found an else that does not follow an if: usually a semicolon right after the if's condition, or a missing brace.",
    next: "Look for `if (...);` and check that the if's braces close just before the else.",
    materialId: java("conditional-statements"),
    section: "Adding else",
  },
  {
    id: "java-already-defined",
    language: "java",
    pattern: /is already defined in/,
    meaning: "The same name is declared twice in the same scope.",
    next: "Declare the variable once; later lines assign to it without repeating its type.",
    materialId: java("methods"),
    section: "Local Variables and Scope",
  },
  {
    id: "java-cannot-be-applied",
    language: "java",
    pattern: /cannot be applied to given types|no suitable (method|constructor) found/,
    meaning:
      "The method or constructor is called with arguments that do not match its parameters: too many, too few, or of the wrong types.",
    next: "Compare the call with the method's declaration, parameter by parameter.",
    materialId: java("methods"),
    section: "Parameters, Arguments and return",
  },
  {
    id: "java-bad-operand",
    language: "java",
    pattern: /bad operand types? for (binary|unary) operator/,
    meaning: "The operator cannot work on these types, for example && between two ints, or comparing a String with <.",
    next: "Check each side's type; Strings are compared with equals or compareTo.",
    materialId: java("operators"),
    section: "Relational and Logical Operators",
  },
  {
    id: "java-class-interface-expected",
    language: "java",
    pattern: /class, interface, enum,? or record expected|illegal start of (expression|type)/,
    meaning:
      "javac found code where it does not belong: usually a brace closed too early, so the next method or statement sits outside the class or method.",
    next: "Check the braces just above this line.",
    materialId: java("introduction-to-java"),
    section: "Anatomy of Hello World",
  },
  // Java: at run time
  {
    id: "java-null-pointer",
    language: "java",
    pattern: /NullPointerException/,
    meaning:
      "The program used a reference that points to no object (null): it called a method or read a field through it.",
    next: "Find which variable on that line is null, and where it should have been given an object.",
    materialId: java("classes-and-objects"),
    section: "References, Aliases and null",
  },
  {
    id: "java-array-index",
    language: "java",
    pattern: /ArrayIndexOutOfBoundsException/,
    meaning: "The program read or wrote an array element that does not exist: valid indexes run from 0 to length - 1.",
    next: "Look at the loop condition: `i <= a.length` goes one past the end; `i < a.length` stops in time.",
    materialId: java("arrays"),
    section: "Reading and Writing Elements",
  },
  {
    id: "java-string-index",
    language: "java",
    pattern: /StringIndexOutOfBoundsException/,
    meaning:
      "A character position outside the String was used (charAt or substring): positions run from 0 to length() - 1.",
    next: "Print the string's length and the index just before that line.",
    materialId: java("strings"),
    section: "Essential Methods",
  },
  {
    id: "java-index-out-of-bounds",
    language: "java",
    pattern: /IndexOutOfBoundsException/,
    meaning: "A list position that does not exist was used: a list of size n has positions 0 to n - 1.",
    next: "Check the list's size() where you use the index, especially in a loop or after removing elements.",
    materialId: java("collections-and-arraylist"),
    section: "ArrayList Operations",
  },
  {
    id: "java-number-format",
    language: "java",
    pattern: /NumberFormatException/,
    meaning:
      "Text that is not a number was turned into one (Integer.parseInt, Double.parseDouble): spaces, letters or an empty string are not allowed.",
    next: "Look at the exact input in the message; trim it, or check it before you parse.",
    materialId: java("type-conversion-and-casting"),
    section: "Converting Between Strings and Numbers",
  },
  {
    id: "java-input-mismatch",
    language: "java",
    pattern: /InputMismatchException/,
    meaning: "Scanner was asked for a number (nextInt, nextDouble) but the next word of input is not one.",
    next: "Check what the input really contains at that point, including a line left over after an earlier nextInt.",
    materialId: java("reading-input-with-scanner"),
    section: "Creating a Scanner",
  },
  {
    id: "java-no-such-element",
    language: "java",
    pattern: /NoSuchElementException/,
    meaning:
      "The program asked for the next item, but there was none left: Scanner ran out of input, or an iterator or Optional was empty.",
    next: "Check hasNext / hasNextLine (or isPresent) before reading, and that the program gets the input it expects.",
    materialId: java("reading-input-with-scanner"),
    section: "Creating a Scanner",
  },
  {
    id: "java-stack-overflow",
    language: "java",
    pattern: /StackOverflowError/,
    meaning:
      "A method called itself (or a chain of methods called each other) so many times that the call stack ran out: the recursion never reached its base case.",
    next: "Check the base case, and that every recursive call moves closer to it.",
    materialId: java("overloading-and-recursion"),
    section: "Recursion",
  },
  {
    id: "java-concurrent-modification",
    language: "java",
    pattern: /ConcurrentModificationException/,
    meaning: "A collection was changed (add or remove) while a for-each loop or iterator was walking through it.",
    next: "Remove through the iterator (iterator.remove()), use removeIf, or collect the changes and apply them after the loop.",
    materialId: java("collections-and-arraylist"),
    section: "Removing While You Loop",
  },
  {
    id: "java-class-cast",
    language: "java",
    pattern: /ClassCastException/,
    meaning: "An object was cast to a type it is not, for example an Animal that is really a Cat cast to Dog.",
    next: "Check the object's real type with instanceof before casting.",
    materialId: java("polymorphism-and-overriding"),
    section: "Downcasting and instanceof",
  },
  {
    id: "java-arithmetic",
    language: "java",
    pattern: /ArithmeticException/,
    meaning: "Whole numbers were divided by zero (/ or %): Java cannot give an int result for that.",
    next: "Find which divisor is 0 on that line, and guard the division with a check.",
    materialId: java("operators"),
    section: "Arithmetic Operators",
  },
  {
    id: "java-unsupported-operation",
    language: "java",
    pattern: /UnsupportedOperationException/,
    meaning:
      "The program tried to change a collection that cannot be changed, such as one made by List.of or Arrays.asList.",
    next: "Copy it into a new ArrayList before adding or removing.",
    materialId: java("collections-and-arraylist"),
    section: "Three Ways to Build a List",
  },
  {
    id: "java-assertion",
    language: "java",
    pattern: /AssertionFailedError|expected: <.*> but was: <.*>/,
    meaning: "A test expected one value and your code produced another: the test names both.",
    next: "Run the same input by hand and follow the values to the first one that differs.",
    materialId: java("unit-testing-with-junit-5"),
    section: "Example 2: What an assertion does",
  },
  // Python
  {
    id: "python-indentation",
    language: "python",
    pattern: /IndentationError|TabError/,
    meaning:
      "Python uses indentation to know which lines belong to a block: after a line ending in a colon the next lines must be indented, and all the lines of one block by the same amount.",
    next: "Indent the block under the def, if, for or while by four spaces, and do not mix tabs with spaces.",
    materialId: python("getting-started-with-python"),
    section: "Indentation Matters",
  },
  {
    id: "python-syntax",
    language: "python",
    pattern: /SyntaxError/,
    meaning:
      "Python could not read the program as written, so nothing ran: often a bracket or quote that is never closed, or a missing colon.",
    next: "Look at the line it names and the line just above it.",
    materialId: python("exceptions-and-files"),
    section: "Syntax Errors versus Exceptions",
  },
  {
    id: "python-unbound-local",
    language: "python",
    pattern: /UnboundLocalError|cannot access local variable/,
    meaning:
      "Inside a function a name is assigned, so Python treats it as local there, and it is read before that assignment.",
    next: "Pass the value in as a parameter and return the new value, rather than changing an outer variable.",
    materialId: python("functions-and-modules"),
    section: "Scope: Where Names Live",
  },
  {
    id: "python-name",
    language: "python",
    pattern: /NameError/,
    meaning:
      "Python met a name it does not know: a variable or function that was never assigned, or is spelled differently.",
    next: "Check the spelling and capitals, and that the assignment runs before this line.",
    materialId: python("variables-data-types-and-strings"),
    section: "Variables and Assignment",
  },
  {
    id: "python-type-concatenate",
    language: "python",
    pattern: /TypeError: can only concatenate str|TypeError: unsupported operand type\(s\)/,
    meaning: "An operator got two kinds of value it cannot combine, for example text + a number.",
    next: "Convert one side: str(number) to join text, int(text) to do arithmetic, or use an f-string.",
    materialId: python("variables-data-types-and-strings"),
    section: "Converting Between Types",
  },
  {
    id: "python-type-missing-argument",
    language: "python",
    pattern:
      /TypeError: .*(missing \d+ required positional argument|takes \d+ positional arguments? but \d+ (were|was) given)/,
    meaning: "The function was called with a different number of arguments than it has parameters.",
    next: "Compare the call with the def line; methods also get self first.",
    materialId: python("functions-and-modules"),
    section: "Defining and Calling a Function",
  },
  {
    id: "python-type-not-callable",
    language: "python",
    pattern: /TypeError: '\w+' object is not callable/,
    meaning:
      "Something that is not a function was called with (): often a variable that reuses a function's name, such as list or sum.",
    next: "Find where that name was assigned a value, and rename the variable.",
    materialId: python("functions-and-modules"),
    section: "Defining and Calling a Function",
  },
  {
    id: "python-type-not-subscriptable",
    language: "python",
    pattern: /TypeError: '\w+' object is not subscriptable/,
    meaning:
      "Square brackets [] were used on a value that is not a list, string or dictionary (often None or a number).",
    next: "Print the value just before that line to see what it really is.",
    materialId: python("lists-and-tuples"),
    section: "Creating and Reading Lists",
  },
  {
    id: "python-type",
    language: "python",
    pattern: /TypeError/,
    meaning: "An operation was given a value of the wrong type.",
    next: "Print the types of the values on that line with type(...).",
    materialId: python("variables-data-types-and-strings"),
    section: "The Core Data Types",
  },
  {
    id: "python-index",
    language: "python",
    pattern: /IndexError/,
    meaning: "A list or string position that does not exist was used: a list of n items has positions 0 to n - 1.",
    next: "Check the loop's range and the list's len().",
    materialId: python("lists-and-tuples"),
    section: "Creating and Reading Lists",
  },
  {
    id: "python-key",
    language: "python",
    pattern: /KeyError/,
    meaning: "A dictionary was asked for a key it does not have.",
    next: "Use `key in d` to check first, or d.get(key, default).",
    materialId: python("dictionaries-and-sets"),
    section: "Reading values",
  },
  {
    id: "python-zero-division",
    language: "python",
    pattern: /ZeroDivisionError/,
    meaning: "A number was divided by zero (/, // or %).",
    next: "Find which divisor is 0 and check it before dividing.",
    materialId: python("getting-started-with-python"),
    section: "Python as a Calculator",
  },
  {
    id: "python-value-int",
    language: "python",
    pattern: /ValueError: (invalid literal for int\(\)|could not convert string to float)/,
    meaning:
      "int() or float() was given text that is not a number, such as letters, a decimal point for int(), or an empty string.",
    next: "Look at the exact text in the message; strip() it, or check it before converting.",
    materialId: python("variables-data-types-and-strings"),
    section: "Converting Between Types",
  },
  {
    id: "python-value",
    language: "python",
    pattern: /ValueError/,
    meaning: "A function got a value of the right type but an unacceptable content.",
    next: "Read the message: it says which value was refused.",
    materialId: python("exceptions-and-files"),
    section: "Handling Exceptions with try and except",
  },
  {
    id: "python-attribute-none",
    language: "python",
    pattern: /AttributeError: 'NoneType' object has no attribute/,
    meaning:
      "The value is None, not the object you expected: often the result of a method such as sort() or append(), which change the list and return None.",
    next: "Find where that variable was assigned; call list.sort() on its own line, or use sorted(...).",
    materialId: python("lists-and-tuples"),
    section: "Changing Lists",
  },
  {
    id: "python-attribute",
    language: "python",
    pattern: /AttributeError/,
    meaning: "The object has no attribute or method with that name: a typo, or a value of another type than you think.",
    next: "Check the spelling, and print type(value) just before the line.",
    materialId: python("classes-and-objects"),
    section: "Defining a Class",
  },
  {
    id: "python-recursion",
    language: "python",
    pattern: /RecursionError/,
    meaning: "A function called itself too many times: the recursion never reached the case that stops it.",
    next: "Check the stopping case, and that each call moves closer to it.",
    materialId: python("functions-and-modules"),
    section: "Returning Values",
  },
  {
    id: "python-module-not-found",
    language: "python",
    pattern: /ModuleNotFoundError|ImportError/,
    meaning: "import could not find that module: a misspelt name, or a package that is not installed here.",
    next: "Check the spelling; in the browser editor only the standard library is available.",
    materialId: python("functions-and-modules"),
    section: "Modules and import",
  },
  {
    id: "python-file-not-found",
    language: "python",
    pattern: /FileNotFoundError/,
    meaning: "open() was given the name of a file that does not exist where the program looked.",
    next: "Check the name and the folder, or create the file first with mode 'w'.",
    materialId: python("exceptions-and-files"),
    section: "Working with Files",
  },
  {
    id: "python-eof",
    language: "python",
    pattern: /EOFError/,
    meaning: "input() was called but there was no more input to read.",
    next: "Give the program its input, or read only as many lines as you are given.",
    materialId: python("exceptions-and-files"),
    section: "Handling Exceptions with try and except",
  },
  // JavaScript
  {
    id: "js-const-assignment",
    language: "javascript",
    pattern: /Assignment to constant variable/,
    meaning: "A variable declared with const was given a new value; const names cannot be reassigned.",
    next: "Declare it with let if its value must change.",
    materialId: js("getting-started-and-variables"),
    section: "const Protects the Name, Not the Contents",
  },
  {
    id: "js-before-initialization",
    language: "javascript",
    pattern: /Cannot access '[^']+' before initialization/,
    meaning: "A let or const variable was read above the line that declares it.",
    next: "Move the declaration above its first use.",
    materialId: js("scope-and-closures"),
    section: "Why var Is Avoided",
  },
  {
    id: "js-not-defined",
    language: "javascript",
    // The browser console shows the message alone ("b is not defined"), Node the name too.
    pattern: /(ReferenceError: )?[\w$]+ is not defined/,
    meaning:
      "JavaScript met a name it does not know: a variable or function never declared, or spelt differently (names are case-sensitive).",
    next: "Check the spelling and capitals, and that it is declared with let, const or function where this line can see it.",
    materialId: js("getting-started-and-variables"),
    section: "Declaring Variables",
  },
  {
    id: "js-already-declared",
    language: "javascript",
    pattern: /Identifier '[^']+' has already been declared/,
    meaning: "The same name was declared twice with let or const in the same block.",
    next: "Declare it once; later lines assign without let.",
    materialId: js("getting-started-and-variables"),
    section: "Common Mistakes",
  },
  {
    id: "js-cannot-read-properties",
    language: "javascript",
    pattern: /Cannot read propert(y|ies) of (undefined|null)|Cannot set propert(y|ies) of (undefined|null)/,
    meaning: "A property was read through a value that is undefined or null: the object you expected is not there.",
    next: "Find which value before the dot is undefined: a missing key, an index past the end of an array, or a function that returned nothing.",
    materialId: js("arrays-and-objects"),
    section: "Objects",
  },
  {
    id: "js-not-a-function",
    language: "javascript",
    pattern: /is not a function/,
    meaning:
      "Something that is not a function was called with (): a misspelt method name, or a variable holding a value rather than a function.",
    next: "Check the method's exact name and what the value before the dot really is.",
    materialId: js("functions"),
    section: "Function Declarations",
  },
  {
    id: "js-not-iterable",
    language: "javascript",
    pattern: /is not iterable/,
    meaning:
      "for...of or spread (...) was used on something that is not a list of values, such as a plain object or undefined.",
    next: "Loop over Object.keys(obj) or Object.entries(obj) for an object, and check the value is not undefined.",
    materialId: js("control-flow"),
    section: "for...of",
  },
  {
    id: "js-call-stack",
    language: "javascript",
    pattern: /Maximum call stack size exceeded/,
    meaning: "A function called itself (or functions called each other) without end, until the call stack ran out.",
    next: "Check the case that stops the recursion, and that each call moves towards it.",
    materialId: js("functions"),
    section: "Function Declarations",
  },
  {
    id: "js-await",
    language: "javascript",
    pattern: /await is only valid in async function/,
    meaning: "await was used inside a function not declared async.",
    next: "Mark the function that contains the await as async.",
    materialId: js("promises-and-async-await"),
    section: "async and await",
  },
  {
    id: "js-class-without-new",
    language: "javascript",
    pattern: /Class constructor \w+ cannot be invoked without 'new'/,
    meaning: "A class was called like a function; objects are made from classes with new.",
    next: "Write new ClassName(...).",
    materialId: js("classes-and-modules"),
    section: "Classes",
  },
  {
    id: "js-syntax",
    language: "javascript",
    pattern:
      /SyntaxError|Unexpected (token|identifier|number|string|end of input)|Invalid or unexpected token|missing \) after/,
    meaning:
      "JavaScript could not read the program as written, so nothing ran: a stray or missing bracket, comma, quote or operator.",
    next: "Look at the line it names for a missing value, bracket or quote, and at the line above it.",
    materialId: js("getting-started-and-variables"),
    section: "Declaring Variables",
  },
  {
    id: "js-type",
    language: "javascript",
    pattern: /TypeError/,
    meaning: "A value was used in a way its type does not allow.",
    next: "Log the value with console.log(typeof value, value) just before that line.",
    materialId: js("data-types-and-operators"),
    section: "Primitive Types",
  },
];

/** The table's entry for this error's first line, in its language. */
export function knownError(language: MentorCodeLanguage, headline: string): KnownError | undefined {
  return KNOWN_ERRORS.find((e) => e.language === language && e.pattern.test(headline));
}
