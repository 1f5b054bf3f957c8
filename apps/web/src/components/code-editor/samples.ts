import type { JavaVersion } from "@koc/shared";

/**
 * Default samples. Each Java sample uses its version's features and really compiles
 * and runs with `javac --release N` on that version; JavaScript and Python start with a comment line.
 */
export const JAVA_SAMPLES: Record<JavaVersion, string> = {
  java7: `import java.util.ArrayList;
import java.util.List;

public class Main {
    public static void main(String[] args) {
        // Java 7: diamond operator, strings in switch, underscores in numbers
        List<String> knights = new ArrayList<>();
        knights.add("Arthur");
        knights.add("Lancelot");
        knights.add("Gawain");

        for (String knight : knights) {
            switch (knight) {
                case "Arthur":
                    System.out.println(knight + " is the King");
                    break;
                default:
                    System.out.println(knight + " is a Knight");
            }
        }

        int gold = 1_000;
        System.out.println("Treasury: " + gold + " gold coins");
    }
}
`,
  java8: `import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

public class Main {
    public static void main(String[] args) {
        // Java 8: lambdas, streams and method references
        List<String> knights = Arrays.asList("Arthur", "Lancelot", "Gawain", "Percival");

        List<String> upper = knights.stream()
                .filter(name -> name.length() > 6)
                .map(String::toUpperCase)
                .collect(Collectors.toList());
        System.out.println("Long names: " + upper);

        int totalLetters = knights.stream().mapToInt(String::length).sum();
        System.out.println("Total letters: " + totalLetters);

        knights.forEach(name -> System.out.println("Hail, " + name + "!"));
    }
}
`,
  java17: `import java.util.List;

public class Main {
    // Java 17: records, text blocks, switch expressions, pattern matching for instanceof
    record Knight(String name, int level) {}

    public static void main(String[] args) {
        var knights = List.of(new Knight("Arthur", 10), new Knight("Lancelot", 8));

        for (var knight : knights) {
            String rank = switch (knight.level()) {
                case 10 -> "King";
                case 8, 9 -> "Champion";
                default -> "Squire";
            };
            System.out.println(knight.name() + " the " + rank);
        }

        Object treasure = "Excalibur";
        if (treasure instanceof String sword && !sword.isEmpty()) {
            System.out.println("Found the sword " + sword);
        }

        String banner = """
                Welcome to the
                Kingdom of Code""";
        System.out.println(banner);
    }
}
`,
  java21: `import java.util.List;

public class Main {
    // Java 21: sealed types, record patterns and pattern matching for switch
    sealed interface Warrior permits Knight, Archer {}
    record Knight(String name, int strength) implements Warrior {}
    record Archer(String name, int arrows) implements Warrior {}

    static String describe(Warrior warrior) {
        return switch (warrior) {
            case Knight(String name, int strength) when strength > 8 -> name + " is a mighty knight";
            case Knight(String name, int strength) -> name + " is a knight";
            case Archer(String name, int arrows) -> name + " carries " + arrows + " arrows";
        };
    }

    public static void main(String[] args) {
        List<Warrior> army = List.of(new Knight("Arthur", 10), new Knight("Gawain", 7), new Archer("Robin", 24));
        for (Warrior warrior : army) {
            System.out.println(describe(warrior));
        }
        System.out.println("First in line: " + army.getFirst());
    }
}
`,
};

export const JAVASCRIPT_SAMPLE = `// Write your JavaScript code here
console.log("Hello, Kingdom of Code!");
`;

export const PYTHON_SAMPLE = `# Write your Python code here
print("Hello, Kingdom of Code!")
`;
