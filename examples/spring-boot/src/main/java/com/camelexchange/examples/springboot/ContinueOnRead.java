package com.camelexchange.examples.springboot;

import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Tomcat answers a client's {@code Expect: 100-continue} only when the application starts reading the body
 * (its default answers at once). A body that {@link RequestBodyLimitFilter} refuses is then never sent at
 * all: curl asks first for bodies above 1 MB, and so does Java's HttpClient with {@code expectContinue(true)}.
 */
@Component
public class ContinueOnRead implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addConnectorCustomizers(connector -> connector.setProperty("continueResponseTiming", "onRead"));
    }
}
