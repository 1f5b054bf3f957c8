/**
 * Kattappa's offline answers: the first topic key contained
 * in the lowercased message wins, in this order.
 */
export const OFFLINE_ANSWERS: ReadonlyArray<readonly [string, string]> = [
  [
    "javascript",
    "JavaScript runs in every browser. Start with variables (let, const), functions and arrays, then learn how the event loop handles async work. The JavaScript Fundamentals course walks you through it.",
  ],
  [
    "python",
    "Python reads almost like English. Begin with variables, lists, loops and functions; indentation is part of the syntax. Try the Python Programming course and run snippets in the editor.",
  ],
  [
    "java",
    "Java code lives in classes and starts at public static void main(String[] args). javac compiles it to bytecode and the JVM runs it. Topic 0 of the Java course explains the JVM, JDK and your first program.",
  ],
  [
    "react",
    "React builds interfaces from components: functions that take props and return JSX. State lives in hooks like useState, and effects in useEffect. The React Development course covers them step by step.",
  ],
  [
    "closures",
    "A closure is a function that remembers the variables of the scope where it was created, even after that scope has returned. Counters and private state are classic uses.",
  ],
  [
    "promises",
    "A promise stands for a value that arrives later. Chain then() and catch(), or await it inside an async function and wrap it in try/catch to handle failures.",
  ],
  [
    "loops",
    "Loops repeat work: for when you know the count, while when you loop until a condition changes, and for-each to visit every element. Watch the loop condition so it can end.",
  ],
  [
    "classes",
    "A class is a blueprint: fields hold state, methods hold behaviour, a constructor sets things up. Objects are instances of it. Inheritance and interfaces let classes share behaviour.",
  ],
  [
    "usestate",
    "useState returns the current value and a setter: const [count, setCount] = useState(0). Calling the setter re-renders the component with the new value; never change state in place.",
  ],
  [
    "help",
    "I am here to help, young warrior. Ask me about Java, Python, JavaScript, React, loops, classes, closures or promises, or tell me which bug is troubling you.",
  ],
  [
    "bug",
    "Every warrior meets bugs. Read the error message from the top, find the line it names, print the values you suspect, and change one thing at a time until the bug surrenders.",
  ],
  [
    "interview",
    "For interviews: master arrays, strings, hash maps and recursion, think aloud, state the complexity of your solution, and test it with edge cases. The Coding Interview Preparation course has a full plan.",
  ],
  ["hello", "Hello, brave learner! I am Kattappa, your coding mentor. What shall we conquer today?"],
  ["hi", "Hi there, warrior! Ask me anything about code and we will face it together."],
  ["thanks", "You are most welcome. Keep practising: every line you write makes you stronger."],
  ["thank you", "It is my honour to serve. Keep practising: every line you write makes you stronger."],
];

export const OFFLINE_FALLBACK =
  "My connection to the royal archives was disrupted. I can still help with Java, Python, JavaScript and React: ask me about one of them and I will do my best.";

export function offlineAnswer(message: string): string {
  const lower = message.toLowerCase();
  const hit = OFFLINE_ANSWERS.find(([key]) => lower.includes(key));
  return hit ? hit[1] : OFFLINE_FALLBACK;
}
