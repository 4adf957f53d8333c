package com.camelexchange.component;

import com.camelexchange.component.model.KlineType;

import java.math.BigDecimal;

/**
 * The parameters of one market-data call, resolved (header over option) and validated.
 *
 * @param market null for operations on all markets
 * @param merge  null for exact depth levels
 * @param since  null when not given
 */
public record MarketDataRequest(ExchangeOperation operation, String market, int depthSize, BigDecimal merge,
                                KlineType klineType, int klineSize, Long since) {
}
