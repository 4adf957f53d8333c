package com.camelexchange.examples.xmlyaml;

import com.camelexchange.examples.support.ConsolePrinter;
import com.camelexchange.examples.support.ExchangeTarget;
import org.apache.camel.main.Main;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A Camel Main application whose routes are all in XML or YAML files ({@code routes/xml/*.xml} or
 * {@code routes/yaml/*.yaml}); this class only chooses the files, binds the printer bean and says where the
 * exchange is. It talks to the embedded simulator unless the {@code EXCHANGE_*} environment variables name
 * a real service.
 *
 * <p>Arguments: {@code xml} or {@code yaml} (default yaml), then how many seconds to follow the order
 * before cancelling it (default 15).
 */
public final class XmlYamlMain {
    private XmlYamlMain() {
    }

    public static void main(String[] args) throws Exception {
        String dsl = args.length > 0 ? args[0] : "yaml";
        int followSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        try (ExchangeTarget target = ExchangeTarget.fromEnvironment()) {
            run(target, dsl, System.out, followSeconds);
        }
    }

    static void run(ExchangeTarget target, String dsl, PrintStream out, int followSeconds) throws Exception {
        String extension = switch (dsl.toLowerCase(Locale.ROOT)) {
            case "xml" -> "xml";
            case "yaml", "yml" -> "yaml";
            default -> throw new IllegalArgumentException("Choose xml or yaml, not " + dsl);
        };
        out.println("Talking to the " + target.describe() + "; routes from routes/" + extension + "/*." + extension);
        Main main = new Main();
        target.componentProperties().forEach(main::addInitialProperty);
        main.addInitialProperty("followSeconds", Integer.toString(followSeconds));
        main.bind("printer", new ConsolePrinter(out, main::completed));
        main.configure().withRoutesIncludePattern("classpath:routes/" + extension + "/*." + extension);
        main.configure().withDurationMaxSeconds(followSeconds + 60);
        main.run();
    }
}
