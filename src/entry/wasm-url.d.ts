/** The core's default address, beside the module that loads it (dist/) or in build/ (the source tree). */
export declare function wasmUrl(): URL;
