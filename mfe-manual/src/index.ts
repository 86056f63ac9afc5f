// Async boundary: the shared singletons (react, @lms/shared, ...) are negotiated before any of them runs.
import('./bootstrap');
