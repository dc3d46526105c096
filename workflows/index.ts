// Every workflow the worker runs is exported from here.
export {};
