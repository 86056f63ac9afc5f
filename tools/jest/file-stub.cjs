module.exports = 'test-file-url';
