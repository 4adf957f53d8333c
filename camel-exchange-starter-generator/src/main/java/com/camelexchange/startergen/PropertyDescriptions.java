package com.camelexchange.startergen;

import java.util.ArrayList;
import java.util.List;

/**
 * The description of a property: the option's own from the component's metadata, plus what only a Spring Boot
 * user needs to know (how to give a bean, that a key is masked), wrapped into the lines of a Javadoc comment,
 * which the Spring Boot configuration processor joins again into the IDE metadata.
 */
final class PropertyDescriptions {
    static final String BEAN_REFERENCE = "Give a bean reference such as #myBean.";
    static final String AUTOWIRED_BEAN_REFERENCE
            = "Give a bean reference such as #myBean; a single bean of the type is found without one (autowired).";
    static final String BEAN_NAME = "Give a bean reference such as #myBean (a text here: Camel looks the bean up when it"
                                    + " configures the component, so the starter needs none of the bean's classes).";
    static final String MASKED = "Shown masked by the Actuator endpoints.";

    /** Javadoc lines are kept to this width, as the hand-written sources of the project are. */
    private static final int WIDTH = 110;

    private PropertyDescriptions() {
    }

    static String of(ComponentOption option) {
        StringBuilder text = new StringBuilder(option.description());
        if (option.takesBeanReference()) {
            sentence(text, option.autowired() ? AUTOWIRED_BEAN_REFERENCE : BEAN_REFERENCE);
        } else if (option.takesAnyBean()) {
            sentence(text, BEAN_NAME);
        }
        if (option.secret()) {
            sentence(text, MASKED);
        }
        return text.toString();
    }

    /**
     * The text as the lines of a Javadoc comment. A line never starts with {@code @} (Javadoc would read a tag),
     * and text that cannot stand in a comment at all is refused rather than changed behind the user's back.
     */
    static List<String> javadocLines(String option, String text) {
        if (text.contains("*/") || text.contains("\\u")) {
            throw new IllegalArgumentException("The description of " + option
                                               + " contains */ or \\u, which cannot stand in a Javadoc comment: "
                                               + text);
        }
        if (text.startsWith("@")) {
            throw new IllegalArgumentException("The description of " + option + " starts with @: " + text);
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH && !word.startsWith("@")) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    private static void sentence(StringBuilder text, String sentence) {
        if (text.length() > 0) {
            if (text.charAt(text.length() - 1) != '.') {
                text.append('.');
            }
            text.append(' ');
        }
        text.append(sentence);
    }
}
