package com.camelexchange.simulator;

import java.util.EnumSet;
import java.util.Set;

/** The four permission flags of an API key, named as in the reply of {@code getAccountInfo}. */
public enum Permission {
    ASSET("assetPerm"),
    ENTRUST("entrustPerm"),
    MONEY("moneyPerm"),
    LEVER("leverPerm");

    private final String flag;

    Permission(String flag) {
        this.flag = flag;
    }

    /** The wire name, e.g. {@code entrustPerm}. */
    public String flag() {
        return flag;
    }

    public static Set<Permission> all() {
        return EnumSet.allOf(Permission.class);
    }

    public static Permission fromFlag(String flag) {
        for (Permission p : values()) {
            if (p.flag.equalsIgnoreCase(flag.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("Unknown permission '" + flag
                + "', expected one of assetPerm, entrustPerm, moneyPerm, leverPerm");
    }
}
