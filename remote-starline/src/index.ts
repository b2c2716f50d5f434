// Async boundary for the standalone page: shared singletons are negotiated before the app runs.
import('./standalone');
